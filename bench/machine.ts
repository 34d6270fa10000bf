// The machine a benchmark ran on, for the reports (bench/RESULTS.md, bench/SOAK.md): figures
// from a shared 2-core box and from a quiet workstation are not comparable without it.
import { execFileSync } from "node:child_process";
import os from "node:os";

export type MachineInfo = { cores: string; cpu: string; memory: string; load: string; node: string; os: string };

/** Cores, CPU, memory, OS, Node and the load average now (take it before starting the load). */
export function machine(): MachineInfo {
  let cores: string;
  try {
    cores = execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    cores = String(os.availableParallelism());
  }
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  const memory = `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`;
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
  return { cores, cpu, memory, load, node: process.version, os: `${os.type()} ${os.release()} ${os.arch()}` };
}

/** The report's two lines about the machine, as Markdown list items. */
export function machineLines(info: MachineInfo): string[] {
  return [
    `- Machine: ${info.cores} cores (nproc), ${info.cpu}, ${info.memory} memory, ${info.os}; load average ${info.load} before the run`,
    `- Node: ${info.node}`,
  ];
}
