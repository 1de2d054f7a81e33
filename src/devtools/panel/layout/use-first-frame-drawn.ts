import { useEffect, useState } from 'preact/hooks';

/**
 * False while the panel renders its first frame, true from the render after it. The first frame holds only what a
 * first look and a first Send need (the rail, the tab line, the request line); the rest comes one frame later, so
 * the panel opens as fast as a page that draws a form (issue 31, bench/panel-open.ts).
 */
export function useFirstFrameDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  // Preact runs effects after the frame is painted (an animation frame, then a task; at most 100 ms later).
  useEffect(() => setDrawn(true), []);
  return drawn;
}
