// CPU time used by a process and its children (the cluster's workers), from /proc on Linux.
// On a machine shared with other jobs, requests per second move with their load, while the
// server's CPU time per request stays put: it is the figure to compare across runs.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Milliseconds of user and system time of `rootPid` and its descendants; undefined without /proc. */
export function processTreeCpuMs(rootPid: number): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const processes: { pid: number; ppid: number; ticks: number }[] = [];
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // After "pid (command) ": state, ppid, …; utime and stime are fields 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      processes.push({ pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of processes) {
      if (!tree.has(entry.pid) && tree.has(entry.ppid)) {
        tree.add(entry.pid);
        grew = true;
      }
    }
  }
  if (!processes.some((entry) => entry.pid === rootPid)) return undefined;
  return (processes.filter((entry) => tree.has(entry.pid)).reduce((sum, entry) => sum + entry.ticks, 0) * 1000) / TICKS_PER_SECOND;
}
