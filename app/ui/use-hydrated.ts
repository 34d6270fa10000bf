import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** False while rendering on the server and hydrating, true after: what only JavaScript can do may show. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
