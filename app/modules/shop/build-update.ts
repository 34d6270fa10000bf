/**
 * Spec sections 8 and 9: the browser checks for a new build every hour; once the
 * server runs a newer one, the next navigation is a full page load (so the page
 * never mixes old and new code), and a chunk that fails to load reloads the page.
 */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

let newBuildAvailable = false;

export function isNewBuildAvailable(): boolean {
  return newBuildAvailable;
}

/** Asks the server which build it runs; marks a new build when it differs from ours. */
export async function checkForNewBuild(currentBuildId: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher("/build.json", { cache: "no-store" });
    if (!response.ok) return newBuildAvailable;
    const { buildId } = (await response.json()) as { buildId?: unknown };
    if (typeof buildId === "string" && buildId !== currentBuildId) newBuildAvailable = true;
  } catch {
    // Offline or the server is restarting: try again at the next interval.
  }
  return newBuildAvailable;
}

/** Starts the hourly check and the chunk-failure reload; returns a function that stops both. */
export function watchForNewBuild(currentBuildId: string): () => void {
  const timer = window.setInterval(() => void checkForNewBuild(currentBuildId), BUILD_CHECK_INTERVAL_MS);
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    reloadOnce();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener("vite:preloadError", onPreloadError);
  };
}

const RELOAD_GUARD_KEY = "chunk-reload-at";

/** Reloads the page, but not twice within ten seconds, so a broken deploy cannot loop. */
export function reloadOnce(now = Date.now()): void {
  const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
  if (now - last < 10_000) return;
  sessionStorage.setItem(RELOAD_GUARD_KEY, String(now));
  window.location.reload();
}

/** Resets the module state; for tests. */
export function resetBuildState(): void {
  newBuildAvailable = false;
}
