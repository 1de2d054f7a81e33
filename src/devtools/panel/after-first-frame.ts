/**
 * Settles once the page's next frame has been drawn: a task after that frame's animation callbacks, as preact runs
 * its effects. A page that draws no frames (a hidden one gets no animation frames) settles after 100 ms instead.
 * The panel's startup reads wait for it (browser-services.ts), so no worker answer is handled on the way to the
 * first frame (issue 31: that frame is the panel's cold-open time).
 */
const NO_FRAME_MS = 100;

export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The animation callbacks run before the frame is painted: the task after them runs after it.
      setTimeout(resolve);
    };
    const timer = setTimeout(settle, NO_FRAME_MS);
    requestAnimationFrame(settle);
  });
}
