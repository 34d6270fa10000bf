import { log } from "../shared/log.server.ts";
import type { DatabaseHandle, HeldLock } from "./client.server.ts";

export type LeaderLoop = {
  /** Runs a round now (when this instance leads), as the timer would; never throws. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A background job that runs on one instance of the cluster at a time: every `intervalMs` the
 * instance that holds the advisory lock `lockKey` runs `round`; the others try to take the lock
 * and stay idle. When the leader dies its lock goes with its connection and another instance
 * takes over on its next tick. A failed round is logged; the loop goes on.
 */
export function startLeaderLoop(options: {
  handle: DatabaseHandle;
  lockKey: number;
  name: string;
  intervalMs: number;
  round: () => Promise<void>;
}): LeaderLoop {
  let leadership: HeldLock | null = null;
  let running: Promise<void> | undefined;
  let rerun: Promise<void> | undefined;
  let stopped = false;

  const tick = async () => {
    if (stopped) return;
    try {
      if (!leadership?.held) {
        await leadership?.release();
        leadership = await options.handle.tryHoldLock(options.lockKey);
        if (leadership) log.info(`${options.name}: this instance runs it now`, { pid: process.pid });
      }
      if (leadership && !stopped) await options.round();
    } catch (error) {
      log.warn(`${options.name}: round failed`, { error: error instanceof Error ? error.message : String(error) });
    }
  };
  const runNow = (): Promise<void> => {
    if (!running) {
      running = tick().finally(() => {
        running = undefined;
      });
      return running;
    }
    // Asked during a round: what asked (an announcement, say) may have come after the round read, so one
    // more round follows it; any number of asks during one round make one.
    rerun ??= running.then(() => {
      rerun = undefined;
      return runNow();
    });
    return rerun;
  };
  const timer = setInterval(() => void runNow(), options.intervalMs);
  timer.unref();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await rerun;
      await leadership?.release();
      leadership = null;
    },
  };
}

/**
 * One sender's round: batches follow each other while the last came back full, so a burst goes
 * out at once, up to `maxBatches` (the next tick takes the rest).
 */
export async function drainBacklog(
  sendBatch: () => Promise<{ sent: number; retried: number; failed: number }>,
  batchSize: number,
  maxBatches = 10,
): Promise<void> {
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = await sendBatch();
    if (result.sent + result.retried + result.failed < batchSize) break;
  }
}
