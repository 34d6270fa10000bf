import type { DatabaseHandle } from "../db/client.server.ts";
import { lockKeys } from "../db/client.server.ts";
import { startLeaderLoop, type LeaderLoop } from "../db/leader-loop.server.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { checkAlerts } from "./alerts.server.ts";

/** A round at least this often, for changes made by other processes (the catalogue command's stock). */
const ALERT_CHECK_MS = 60_000;

let watch: LeaderLoop | undefined;

/** The alert watch: one instance at a time checks the buyers' alerts. */
export function startAlertWatch(handle: DatabaseHandle): LeaderLoop {
  watch ??= startLeaderLoop({
    handle,
    lockKey: lockKeys.alertWatch,
    name: "alert watch",
    intervalMs: ALERT_CHECK_MS,
    round: async () => {
      await checkAlerts(handle.db, (await getQuotesService()).rates());
    },
  });
  return watch;
}

export async function stopAlertWatch(): Promise<void> {
  const running = watch;
  watch = undefined;
  await running?.stop();
}

/** A check now, after quotes were refreshed or stock came back; nothing where no watch runs (an operator command). */
export function checkAlertsSoon(): void {
  void watch?.runNow();
}
