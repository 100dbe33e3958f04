import { Suspense, use, useEffect, type ComponentType } from 'react';

/** A promise React's `use` reads without suspending once it is settled. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/** Parts of the page whose hydration has started in this browser and not yet finished. */
const pendingParts = new Set<Promise<void>>();

/**
 * A part of a server-rendered page whose code the first load does not need: the route loader
 * preloads it, so the server renders it with the page and client navigations show it at once;
 * when the browser hydrates a server-rendered page, that part's HTML (in its own Suspense
 * boundary) stays as it is while its chunk loads, and comes alive after the rest of the page.
 */
export function deferHydration<P extends object>(load: () => Promise<ComponentType<P>>) {
  let promise: TrackedPromise<ComponentType<P>> | undefined;
  const preload = (): TrackedPromise<ComponentType<P>> => {
    if (promise) return promise;
    const loading: TrackedPromise<ComponentType<P>> = load().then((component) => {
      loading.status = 'fulfilled';
      loading.value = component;
      return component;
    });
    promise = loading;
    return loading;
  };

  /** Set while the browser hydrates this part from the server's HTML. */
  let hydrating: (() => void) | undefined;
  const startHydrating = () => {
    if (hydrating || typeof window === 'undefined' || promise?.status === 'fulfilled') return;
    pendingParts.add(new Promise<void>((resolve) => (hydrating = resolve)));
  };
  const finishHydrating = () => {
    hydrating?.();
    hydrating = undefined;
  };

  function Loaded(props: P) {
    const Component = use<ComponentType<P>>(preload() as Promise<ComponentType<P>>);
    useEffect(finishHydrating, []);
    return <Component {...props} />;
  }
  // Rendered with the page (React hydrates a Suspense boundary's content in a later pass): the part
  // counts as pending from the page's first render on.
  function Deferred(props: P) {
    startHydrating();
    return (
      <Suspense>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return { preload, Component: Deferred };
}

/** Resolves when every deferred part that started hydrating has hydrated. */
export async function deferredPartsHydrated(): Promise<void> {
  while (pendingParts.size > 0) {
    const parts = [...pendingParts];
    await Promise.all(parts);
    for (const part of parts) pendingParts.delete(part);
  }
}
