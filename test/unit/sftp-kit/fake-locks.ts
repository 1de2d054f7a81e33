import type { RunLocks } from '../../../src/sftp-kit/run-lock.ts';

/**
 * An exclusive Web Lock manager in memory, as the browser's behaves for one name: a request waits its turn unless
 * `ifAvailable` (then its callback gets null at once), an aborted waiting request rejects, and the lock passes to
 * the next request when the holder's callback settles.
 */
export function fakeLocks(): RunLocks & { holders(): number } {
  const held = new Set<string>();
  const queues = new Map<string, (() => void)[]>();
  const grant = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };
  return {
    holders: () => held.size,
    async request(name, options, callback) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null);
        await new Promise<void>((resolve, reject) => {
          const turn = () => resolve();
          queues.set(name, [...(queues.get(name) ?? []), turn]);
          options.signal?.addEventListener('abort', () => {
            queues.set(
              name,
              (queues.get(name) ?? []).filter((item) => item !== turn),
            );
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      } else held.add(name);
      try {
        return await callback({ name });
      } finally {
        grant(name);
      }
    },
  };
}
