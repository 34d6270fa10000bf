/**
 * A promise a loader streams to the page (`<Await>`). When that page is not rendered after all (another
 * loader failed and the error page shows instead), nobody waits for the promise, and its rejection would
 * be unhandled and end the server process. A no-op handler marks it handled; `<Await>` still sees it reject.
 */
export function handledWhenUnused<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
