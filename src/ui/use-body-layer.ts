import { render, type VNode } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

/**
 * Renders a floating piece of UI (a menu, a completion list) at the end of the body while `content` is given.
 * Inside the panel, a size container (container queries) is the box fixed coordinates are taken from and
 * a scrolling composer clips what overflows it; at the end of the body, neither happens.
 */
export function useBodyLayer(content: VNode | null): void {
  const host = useRef<HTMLDivElement | undefined>(undefined);
  useLayoutEffect(() => {
    if (!content) {
      if (host.current) {
        render(null, host.current);
        host.current.remove();
        host.current = undefined;
      }
      return;
    }
    if (!host.current) {
      host.current = document.createElement('div');
      document.body.append(host.current);
    }
    render(content, host.current);
  });
  useEffect(
    () => () => {
      if (!host.current) return;
      render(null, host.current);
      host.current.remove();
      host.current = undefined;
    },
    [],
  );
}
