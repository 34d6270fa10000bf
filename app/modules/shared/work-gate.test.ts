import { describe, expect, it } from "vitest";
import { createWorkGate } from "./work-gate.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("createWorkGate", () => {
  it("runs at most `concurrency` at once, queues the next ones in order and turns away the rest", async () => {
    const gate = createWorkGate({ concurrency: 2, queue: 2 });
    const blockers = Array.from({ length: 4 }, deferred);
    const order: number[] = [];
    const runs = blockers.map((blocker, index) =>
      gate.run(async () => {
        order.push(index);
        await blocker.promise;
        return index;
      }),
    );
    expect(await gate.run(async () => "fifth")).toBeUndefined();
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });
    expect(order).toEqual([0, 1]);
    blockers[0]!.resolve();
    await runs[0];
    await Promise.resolve();
    expect(order).toEqual([0, 1, 2]);
    for (const blocker of blockers) blocker.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3].map((value) => ({ value })));
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the place when the work fails", async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 0 });
    await expect(gate.run(async () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await gate.run(async () => 1)).toEqual({ value: 1 });
  });
});
