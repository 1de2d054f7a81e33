import type { ComponentChildren, ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { KeyholeErrorData } from '../core/errors.ts';
import { toErrorData } from '../core/errors.ts';
import { ErrorBanner } from './ErrorBanner.tsx';

/**
 * Renders a component from a dynamic import, so heavy parts (the JSON tree, HAR export, the curl importer)
 * stay out of a page's first script. Preact's core has no `lazy`; this is the few lines we need of it.
 * Each loader runs once; later renders reuse its module.
 */
type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

const loaded = new WeakMap<Loader<never>, ComponentType<never>>();
const pending = new WeakMap<Loader<never>, Promise<ComponentType<never>>>();

export function loadComponent<P>(loader: Loader<P>): Promise<ComponentType<P>> {
  const key = loader as unknown as Loader<never>;
  const done = loaded.get(key);
  if (done) return Promise.resolve(done as unknown as ComponentType<P>);
  let promise = pending.get(key);
  if (!promise) {
    promise = loader().then((module) => {
      loaded.set(key, module.default as ComponentType<never>);
      return module.default as ComponentType<never>;
    });
    promise.catch(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise as unknown as Promise<ComponentType<P>>;
}

export function Lazy<P extends object>({
  load,
  props,
  fallback = null,
}: {
  load: Loader<P>;
  props: P;
  fallback?: ComponentChildren;
}) {
  const key = load as unknown as Loader<never>;
  const [component, setComponent] = useState<ComponentType<P> | undefined>(
    () => loaded.get(key) as ComponentType<P> | undefined,
  );
  const [error, setError] = useState<KeyholeErrorData>();
  useEffect(() => {
    let live = true;
    const ready = loaded.get(key) as ComponentType<P> | undefined;
    // A component is a function: wrap it so the state setter does not call it as an updater.
    setComponent(() => ready);
    if (ready) return;
    loadComponent(load).then(
      (loadedComponent) => live && setComponent(() => loadedComponent),
      (reason: unknown) =>
        live &&
        setError({
          ...toErrorData(reason),
          message: 'A part of this page failed to load. Reload the panel to try again.',
        }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  if (error) return <ErrorBanner error={error} />;
  if (!component) return <>{fallback}</>;
  const Component = component;
  return <Component {...props} />;
}
