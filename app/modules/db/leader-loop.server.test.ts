import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.server.ts";
import { startLeaderLoop } from "./leader-loop.server.ts";

/** A handle whose lock is always free: this instance leads. */
const leadingHandle = { tryHoldLock: async () => ({ held: true, release: async () => undefined }) } as unknown as DatabaseHandle;

/** A loop whose every round runs until `finishRound()`; `rounds()` counts the rounds begun. */
function loopOfHeldRounds() {
  let begun = 0;
  let finish: () => void = () => undefined;
  const loop = startLeaderLoop({
    handle: leadingHandle,
    lockKey: 1,
    name: "test loop",
    intervalMs: 60_000,
    round: () => {
      begun++;
      return new Promise<void>((resolve) => (finish = resolve));
    },
  });
  return { loop, rounds: () => begun, finishRound: () => finish() };
}

describe("a leader loop asked to run now", () => {
  it("runs one more round after the running one when asked during it, however often it is asked", async () => {
    const { loop, rounds, finishRound } = loopOfHeldRounds();
    const first = loop.runNow();
    await expect.poll(rounds).toBe(1);
    // An announcement committed while the round reads: its ask must not be lost in the running round.
    const asks = [loop.runNow(), loop.runNow(), loop.runNow()];
    finishRound();
    await first;
    await expect.poll(rounds).toBe(2);
    finishRound();
    await Promise.all(asks);
    expect(rounds()).toBe(2);
    await loop.stop();
  });

  it("runs no round asked for during the last one once stopped", async () => {
    const { loop, rounds, finishRound } = loopOfHeldRounds();
    void loop.runNow();
    await expect.poll(rounds).toBe(1);
    void loop.runNow();
    const stopped = loop.stop();
    finishRound();
    await stopped;
    expect(rounds()).toBe(1);
  });
});
