import { afterEach, beforeEach, vi } from 'vitest';
import { saveAllNow } from '../../../../../src/devtools/panel/save-soon.ts';

/**
 * The page's idle moments come when the test says: what waits for one (storing a tab's response) waits until then.
 * Call at a test file's top level; the returned `idle` is time passing: the idle moments come, and the saves waiting
 * for typing to pause (400 ms) are made.
 */
export function stubIdleTime(): () => Promise<void> {
  let waitingForIdle: (() => void)[] = [];
  beforeEach(() => {
    waitingForIdle = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => waitingForIdle.push(task));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return async () => {
    for (const task of waitingForIdle.splice(0)) task();
    saveAllNow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
}
