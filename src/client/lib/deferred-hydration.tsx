import { Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react';

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

  function Loaded(props: P) {
    const Part = use<ComponentType<P>>(preload() as Promise<ComponentType<P>>);
    // eslint-disable-next-line react-hooks/static-components -- one module's component, the same on every render
    return <Part {...props} />;
  }
  const Apart = hydratedApart();
  function Deferred(props: P) {
    return (
      <Apart>
        <Loaded {...props} />
      </Apart>
    );
  }
  return { preload, Component: Deferred };
}

function Settles({ settle, children }: { settle: () => void; children: ReactNode }) {
  useEffect(settle, [settle]);
  return children;
}

/**
 * A part of a server-rendered page that React hydrates, and commits, in a pass of its own after
 * the rest (a Suspense boundary): the end of hydration, committing the whole page with its
 * effects, is then shorter tasks a slow phone can answer input between. The part counts as
 * pending from its first render in the browser until it has hydrated once; made once per place
 * in the page (a render React drops before committing must not leave a part pending for ever).
 */
export function hydratedApart() {
  let settle: (() => void) | undefined;
  let hydrated = false;
  const finish = () => {
    hydrated = true;
    settle?.();
  };
  return function HydratedApart({ children }: { children: ReactNode }) {
    if (!hydrated && !settle && typeof window !== 'undefined') pendingParts.add(new Promise<void>((resolve) => (settle = resolve)));
    return (
      <Suspense>
        <Settles settle={finish}>{children}</Settles>
      </Suspense>
    );
  };
}

/** Resolves when every part that started hydrating apart has hydrated. */
export async function deferredPartsHydrated(): Promise<void> {
  while (pendingParts.size > 0) {
    const parts = [...pendingParts];
    await Promise.all(parts);
    for (const part of parts) pendingParts.delete(part);
  }
}
