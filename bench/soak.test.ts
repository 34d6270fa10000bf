// The soak's two moving parts that can be checked without ten minutes: the memory probe it
// preloads into the server, and the rule that judges "memory flat".
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { soakBudgets } from "./budgets.ts";
import type { MemorySample } from "./memory-probe.ts";
import { judgeMemory, type TimedSample } from "./soak.ts";

const MB = 1024 * 1024;
const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), "memory-probe.ts");

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "soak-probe-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A Node process with the probe preloaded that says "ready" and then idles until killed. */
function startProbed(nodeArgs: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...nodeArgs, "--import", probe, "-e", 'console.log("ready"); setInterval(() => {}, 1000);'], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => output.includes("ready") && resolve());
    void exited.then(() => reject(new Error(`exited before ready: ${output}`)));
  });
  ready.catch(() => undefined); // a test that expects the exit does not wait for "ready"
  return { child, ready, exited, output: () => output };
}

async function waitForLine(file: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = await readFile(file, "utf8").catch(() => "");
    if (text.includes("\n")) return text.split("\n")[0]!;
    if (Date.now() > deadline) throw new Error(`no sample in ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("bench/memory-probe.ts", () => {
  it("answers SIGUSR2 with one sample taken after a full GC, and the process goes on", async () => {
    const file = path.join(scratch, "samples.jsonl");
    const probed = startProbed(["--expose-gc"], { SOAK_MEMORY_FILE: file });
    try {
      await probed.ready;
      probed.child.kill("SIGUSR2");
      const sample = JSON.parse(await waitForLine(file)) as MemorySample;
      for (const field of ["at", "rss", "heapUsedBefore", "heapUsed", "heapTotal", "external", "arrayBuffers", "cpuMicros"] as const) {
        expect(sample[field], field).toBeGreaterThan(0);
      }
      expect(sample.rss).toBeGreaterThan(sample.heapUsed);
      expect(Math.abs(sample.at - Date.now())).toBeLessThan(10_000);
      expect(probed.child.exitCode).toBeNull();
      expect(probed.child.signalCode).toBeNull();
    } finally {
      probed.child.kill("SIGTERM");
      await probed.exited;
    }
  });

  it("refuses to load without --expose-gc, naming the flag", async () => {
    const probed = startProbed([], { SOAK_MEMORY_FILE: path.join(scratch, "never.jsonl") });
    const { code } = await probed.exited;
    expect(code).not.toBe(0);
    expect(probed.output()).toContain("--expose-gc");
  });

  it("does nothing without SOAK_MEMORY_FILE: SIGUSR2 keeps its default (the process ends)", async () => {
    const probed = startProbed([], { SOAK_MEMORY_FILE: "" });
    await probed.ready;
    probed.child.kill("SIGUSR2");
    expect((await probed.exited).signal).toBe("SIGUSR2");
  });
});

describe("judgeMemory", () => {
  const tenMinutes = 600_000;
  /** A sample every 10 s with the heap (after GC) and RSS given by functions of the time. */
  const samples = (durationMs: number, heap: (ms: number) => number, rss: (ms: number) => number = () => 700 * MB): TimedSample[] =>
    Array.from({ length: durationMs / 10_000 }, (_, index) => {
      const elapsedMs = (index + 1) * 10_000;
      return { elapsedMs, heapUsed: heap(elapsedMs), rss: rss(elapsedMs) };
    });

  it("compares 30–60 s with the last minute, by medians, in a ten-minute run", () => {
    // The warm-up (10 and 20 s) and a single spike in each window do not count.
    const heap = (ms: number) => (ms < 30_000 ? 20 * MB : ms === 40_000 || ms === 580_000 ? 90 * MB : 40 * MB);
    const verdict = judgeMemory(samples(tenMinutes, heap), tenMinutes);
    expect(verdict.startWindow).toEqual([30_000, 60_000]);
    expect(verdict.endWindow[0]).toBe(540_000);
    expect(verdict.heapStart).toBe(40 * MB);
    expect(verdict.heapEnd).toBe(40 * MB);
    expect(verdict.heapOk).toBe(true);
    expect(verdict.rssOk).toBe(true);
  });

  it("fails a heap that keeps growing, and allows the larger of 10 % and 4 MB", () => {
    // 1 MB a minute: +9 MB between the windows.
    const growing = judgeMemory(
      samples(tenMinutes, (ms) => 40 * MB + (ms / 60_000) * MB),
      tenMinutes,
    );
    expect(growing.heapAllowed).toBeCloseTo(Math.max(growing.heapStart * soakBudgets.heapGrowth.fraction, soakBudgets.heapGrowth.bytes));
    expect(growing.heapOk).toBe(false);
    // 3 MB on a 20 MB heap is within the 4 MB floor; 3 MB more on top is not.
    expect(
      judgeMemory(
        samples(tenMinutes, (ms) => (ms < 300_000 ? 20 * MB : 23 * MB)),
        tenMinutes,
      ).heapOk,
    ).toBe(true);
    expect(
      judgeMemory(
        samples(tenMinutes, (ms) => (ms < 300_000 ? 20 * MB : 26 * MB)),
        tenMinutes,
      ).heapOk,
    ).toBe(false);
  });

  it("fails RSS growth past its budget even with a flat heap", () => {
    const verdict = judgeMemory(
      samples(
        tenMinutes,
        () => 40 * MB,
        (ms) => (ms < 300_000 ? 700 * MB : 700 * MB + soakBudgets.rssGrowth.bytes + MB),
      ),
      tenMinutes,
    );
    expect(verdict.heapOk).toBe(true);
    expect(verdict.rssOk).toBe(false);
  });

  it("uses the two halves, after a quarter's warm-up, in a run under two minutes", () => {
    const verdict = judgeMemory(
      samples(60_000, () => 40 * MB),
      60_000,
    );
    expect(verdict.startWindow).toEqual([15_000, 30_000]);
    expect(verdict.endWindow[0]).toBe(30_000);
    expect(() => judgeMemory([], 60_000)).toThrow(/no memory samples/);
  });
});
