import { lazy, Suspense, useEffect, useId, type ComponentProps, type ComponentType, type JSX, type ReactNode } from "react";

/**
 * A component whose code the browser loads after the page's first scripts, while the
 * server still renders it in place, in the first pass.
 *
 * React.lazy alone would make the server suspend on the first render and stream the part
 * later inside a hidden element that only an inline script reveals — invisible without
 * JavaScript. Here the server imports the module when this file loads, so it renders
 * synchronously; in the browser the part stays as server HTML (links and forms work) until
 * its chunk arrives and React hydrates it.
 *
 * The part's styles must be imported by the route that uses it (a side-effect import of
 * its .css.ts): the server links a route's stylesheets, not those of chunks loaded later.
 */
const serverLoads: Promise<unknown>[] = [];

/** Resolves once the server has every deferred part's module: entry.server awaits it before the first page. */
export function deferredPartsReady(): Promise<unknown> {
  return Promise.all(serverLoads);
}

/**
 * The document's mark that the page's handlers exist (`data-hydrated` on <html>; the e2e tests
 * wait for it): set once the page has hydrated and every deferred part rendered in that first
 * pass has hydrated too, so a test does not type into a field whose code is still on its way.
 */
let pageHydrated = false;
const partsWaiting = new Set<string>();
const partsHydrated = new Set<string>();

function markWhenHydrated(): void {
  if (pageHydrated && partsWaiting.size === 0) document.documentElement.setAttribute("data-hydrated", "");
}

/** Called by the root's outermost effect, which runs after every other effect of the first render. */
export function pageHasHydrated(): void {
  pageHydrated = true;
  markWhenHydrated();
}

/** Inside a deferred part's boundary: its effect runs when the part has hydrated (or rendered). */
function PartHydrated({ id }: { id: string }) {
  useEffect(() => {
    partsWaiting.delete(id);
    partsHydrated.add(id);
    markWhenHydrated();
  }, [id]);
  return null;
}

/**
 * `fallback` stands in when the browser renders the part itself before its code has come (a
 * client-side navigation to the page): the same thing without the enhancement, rather than a gap.
 */
export function deferHydration<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback?: (props: P) => ReactNode,
): (props: P) => JSX.Element {
  let loaded: ComponentType<P> | undefined;
  if (typeof window === "undefined") {
    serverLoads.push(
      load().then((module) => {
        loaded = module.default;
      }),
    );
  }
  const Lazy = lazy(load);
  return function Deferred(props: P) {
    const Loaded = loaded;
    const id = useId();
    // Runs at the page's hydration, after the part's own effect if the part hydrated in the same pass.
    useEffect(() => {
      if (!pageHydrated && !partsHydrated.has(id)) partsWaiting.add(id);
    }, [id]);
    return (
      <Suspense fallback={fallback ? fallback(props) : null}>
        {Loaded ? <Loaded {...props} /> : <Lazy {...(props as ComponentProps<typeof Lazy>)} />}
        <PartHydrated id={id} />
      </Suspense>
    );
  };
}
