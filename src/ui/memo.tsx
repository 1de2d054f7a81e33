import { Component, type ComponentType, type FunctionComponent } from 'preact';

/**
 * A component that renders again only when one of its props changed (shallow, by identity): long lists keep
 * their rows untouched when one row or a list's tail changes. preact/compat has `memo`, but importing compat
 * patches preact's global options for every component of the page; this is the few lines we need of it.
 */
export function memo<P extends object>(render: FunctionComponent<P>): ComponentType<P> {
  class Memoised extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const previous = this.props as Record<string, unknown>;
      const upcoming = next as Record<string, unknown>;
      for (const key in previous) if (!(key in upcoming)) return true;
      for (const key in upcoming) if (previous[key] !== upcoming[key]) return true;
      return false;
    }
    override render(props: P) {
      // JSX, not createElement: the page's shared preact chunk has the JSX runtime, not createElement.
      const Render = render as FunctionComponent<object>;
      return <Render {...props} />;
    }
  }
  return Memoised as unknown as ComponentType<P>;
}
