// The soak's window into the server's memory, without an endpoint or the inspector in the
// production code: bench/soak.ts starts the server with
//
//   node --expose-gc --import ./bench/memory-probe.ts server.ts
//
// and SOAK_MEMORY_FILE set. On each SIGUSR2 this module, preloaded into the server's own
// process, appends one JSON line to that file:
//
//   {"at":1763700000000,"rss":…,"heapUsedBefore":…,"heapUsed":…,"heapTotal":…,"external":…,"arrayBuffers":…,"cpuMicros":…}
//
// heapUsedBefore is V8's heap in use when the signal came; then a full collection runs
// (global.gc) and every other figure, heapUsed included, is taken after it: what is still
// reachable, which is what grows when something leaks. Bytes; `at` is Date.now();
// cpuMicros the CPU time the process has used so far (user + system, microseconds).
// Without SOAK_MEMORY_FILE the module does nothing; without --expose-gc it refuses to load.
import { appendFileSync } from "node:fs";

export type MemorySample = {
  at: number;
  rss: number;
  heapUsedBefore: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  cpuMicros: number;
};

const file = process.env.SOAK_MEMORY_FILE;
if (file) {
  const gc = globalThis.gc;
  if (typeof gc !== "function") throw new Error("bench/memory-probe.ts needs node --expose-gc");
  process.on("SIGUSR2", () => {
    const heapUsedBefore = process.memoryUsage().heapUsed;
    gc();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const cpu = process.cpuUsage();
    const sample: MemorySample = { at: Date.now(), rss, heapUsedBefore, heapUsed, heapTotal, external, arrayBuffers, cpuMicros: cpu.user + cpu.system };
    appendFileSync(file, JSON.stringify(sample) + "\n");
  });
}
