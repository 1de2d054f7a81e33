import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleLock, KEEP_ALIVE_MS } from '../../../src/background/vault-idle.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('IdleLock', () => {
  it('pings every 20 s while running, and calls onIdle once the idle time passes without a touch', () => {
    let pings = 0;
    const onIdle = vi.fn();
    const idle = new IdleLock(() => void pings++);
    idle.start(5, onIdle);
    vi.advanceTimersByTime(3 * 60_000);
    idle.touch();
    vi.advanceTimersByTime(4 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(idle.running).toBe(false);
    expect(pings).toBe(Math.floor((8 * 60_000) / KEEP_ALIVE_MS));
    vi.advanceTimersByTime(60 * 60_000);
    expect(pings).toBe(Math.floor((8 * 60_000) / KEEP_ALIVE_MS));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops pinging and never fires after stop(), and survives a keep-alive call that fails', () => {
    const onIdle = vi.fn();
    const failing = vi.fn(() => Promise.reject(new Error('not here')));
    const idle = new IdleLock(failing);
    idle.start(5, onIdle);
    vi.advanceTimersByTime(KEEP_ALIVE_MS);
    expect(failing).toHaveBeenCalledTimes(1);
    idle.stop();
    idle.touch(); // a touch while stopped does not restart anything
    vi.advanceTimersByTime(10 * 60_000);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
