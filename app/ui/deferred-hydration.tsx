import { lazy, Suspense, type ComponentProps, type ComponentType, type JSX } from "react";

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

export function deferHydration<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): (props: P) => JSX.Element {
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
    return <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy {...(props as ComponentProps<typeof Lazy>)} />}</Suspense>;
  };
}
