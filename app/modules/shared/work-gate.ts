/**
 * At most `concurrency` pieces of heavy work at once (image encodes), the next `queue`
 * waiting in order; past that the caller is turned away at once rather than kept waiting
 * behind work it cannot see the end of.
 */
export type WorkGate = {
  /** Runs `work` when a place is free; undefined, without running it, when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<{ value: T } | undefined>;
  /** Running and waiting now (for tests). */
  load(): { running: number; waiting: number };
};

export function createWorkGate({ concurrency, queue }: { concurrency: number; queue: number }): WorkGate {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= queue) return undefined;
        // The place is handed over by release(): running stays the same.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return { value: await work() };
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
