import { afterEach, describe, expect, it, vi } from "vitest";
import { createOrderGate } from "./order-gate.ts";

describe("the order gate", () => {
  afterEach(() => vi.useRealTimers());

  it("lets in as many orders as it allows at once, the next in arrival order as each leaves", async () => {
    const gate = createOrderGate({ atOnce: 2, maxWaitMs: 10_000, maxWaiting: 10 });
    const first = (await gate.enter())!;
    const second = (await gate.enter())!;
    expect([first.waited, second.waited]).toEqual([false, false]);
    const admitted: string[] = [];
    const third = gate.enter().then((turn) => (admitted.push("third"), turn!));
    const fourth = gate.enter().then((turn) => (admitted.push("fourth"), turn!));
    expect(gate.load).toEqual({ inside: 2, waiting: 2 });
    second.leave();
    const thirdTurn = await third;
    expect(admitted).toEqual(["third"]);
    expect(thirdTurn.waited).toBe(true);
    // Leaving twice frees one place, not two.
    second.leave();
    expect(gate.load).toEqual({ inside: 2, waiting: 1 });
    first.leave();
    (await fourth).leave();
    thirdTurn.leave();
    expect(gate.load).toEqual({ inside: 0, waiting: 0 });
    // Empty again: a newcomer walks straight in.
    expect((await gate.enter())!.waited).toBe(false);
  });

  it("tells an order that waited past the limit there is no turn, and its place goes to the one behind", async () => {
    vi.useFakeTimers();
    const gate = createOrderGate({ atOnce: 1, maxWaitMs: 1_000, maxWaiting: 10 });
    const inside = (await gate.enter())!;
    const early = gate.enter();
    await vi.advanceTimersByTimeAsync(600);
    const late = gate.enter();
    await vi.advanceTimersByTimeAsync(500);
    expect(await early).toBeUndefined();
    expect(gate.load).toEqual({ inside: 1, waiting: 1 });
    inside.leave();
    expect((await late)!.waited).toBe(true);
  });

  it("refuses at once beyond the orders it keeps waiting, so a flood holds no more memory", async () => {
    const gate = createOrderGate({ atOnce: 1, maxWaitMs: 10_000, maxWaiting: 2 });
    const inside = (await gate.enter())!;
    const waiting = [gate.enter(), gate.enter()];
    expect(await gate.enter()).toBeUndefined();
    expect(gate.load).toEqual({ inside: 1, waiting: 2 });
    inside.leave();
    (await waiting[0])!.leave();
    (await waiting[1])!.leave();
    expect(gate.load).toEqual({ inside: 0, waiting: 0 });
  });
});
