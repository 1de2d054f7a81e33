import { useEffect, useState } from 'preact/hooks';

/** The current time, refreshed every `intervalMs` so "3 min ago" keeps counting while the popup is open. */
export function useNow(now: () => number, intervalMs = 30_000): number {
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), intervalMs);
    return () => clearInterval(timer);
  }, [now, intervalMs]);
  return time;
}
