/**
 * Runs a task once the page is idle (at most 2 s later), so copying and masking a response for storage does not
 * compete with showing it. Without requestIdleCallback (Node tests), shortly after.
 */
export function whenIdle(task: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number })
    .requestIdleCallback;
  if (idle) idle(task, { timeout: 2000 });
  else setTimeout(task, 50);
}
