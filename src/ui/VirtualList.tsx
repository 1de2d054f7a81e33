import type { ComponentChildren, HTMLAttributes } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/**
 * A scrolling list that renders only the rows in view (plus a few above and below), so 200 000 rows cost
 * what 50 do. Rows have one fixed height; the scroll height comes from a spacer. Used by the JSON tree, the
 * raw body view and the history list.
 */
export interface VirtualListProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'onScroll'> {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ComponentChildren;
  /** Extra rows rendered outside the view on each side. */
  overscan?: number;
  /** Scrolls so this row is visible whenever `scrollToken` changes. */
  scrollToIndex?: number;
  scrollToken?: unknown;
  /**
   * Where a row out of view lands when `scrollToken` changes: at the nearest edge (the default: following a stream),
   * or in the middle (a jump to a search match or an error, which at the edge left no context below it). A row moved
   * to from the keyboard always goes to the nearest edge.
   */
  scrollAlign?: 'nearest' | 'center';
}

export function VirtualList({
  count,
  rowHeight,
  renderRow,
  overscan = 8,
  scrollToIndex,
  scrollToken,
  scrollAlign = 'nearest',
  class: className,
  ...rest
}: VirtualListProps) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(400);
  const frame = useRef(0);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setViewport(element.clientHeight || 400);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight || 400));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const lastToken = useRef(scrollToken);
  useEffect(() => {
    const element = box.current;
    const jumped = lastToken.current !== scrollToken;
    lastToken.current = scrollToken;
    if (!element || scrollToIndex === undefined || scrollToIndex < 0) return;
    const top = scrollToIndex * rowHeight;
    const bottom = top + rowHeight;
    const outOfView = top < element.scrollTop || bottom > element.scrollTop + element.clientHeight;
    if (outOfView && jumped && scrollAlign === 'center')
      element.scrollTop = Math.max(0, top - (element.clientHeight - rowHeight) / 2);
    else if (top < element.scrollTop) element.scrollTop = top;
    else if (bottom > element.scrollTop + element.clientHeight) element.scrollTop = bottom - element.clientHeight;
    setScrollTop(element.scrollTop);
  }, [scrollToken, scrollToIndex, rowHeight]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onScroll = () => {
    // One update per frame, however many scroll events arrive.
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      if (box.current) setScrollTop(box.current.scrollTop);
    });
  };

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  const rows: ComponentChildren[] = [];
  for (let index = first; index < last; index += 1) rows.push(renderRow(index));

  return (
    <div ref={box} class={`kh-virtual ${className ?? ''}`} onScroll={onScroll} {...rest}>
      <div style={{ height: `${count * rowHeight}px`, position: 'relative' }}>
        <div style={{ position: 'absolute', top: `${first * rowHeight}px`, left: 0, right: 0 }}>{rows}</div>
      </div>
    </div>
  );
}
