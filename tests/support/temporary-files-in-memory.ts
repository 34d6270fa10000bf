// The suites' temporary folders (test databases, copies of the run's template, the e2e shop) on the
// machine's tmpfs rather than its disk. A test shop's embedded database is 42 MB in 1,300 files, copied
// from the template and written for every shop: on ext4 each copy cost 0.4 s of system time and the
// kernel's writeback as much again; on tmpfs 0.06 s (docs/decisions/072-wasm-tiering-and-tmpfs-for-tests.md).
import { existsSync, statfsSync } from "node:fs";

const tmpfs = "/dev/shm";
/** A container's /dev/shm is often 64 MB: the suites need room for a few databases and their template. */
const neededBytes = 2 * 1024 ** 3;

/**
 * Points TMPDIR (and so `os.tmpdir()` in this process and every process it starts) at /dev/shm when it has
 * room, unless TMPDIR is set already. Called by the test runners' configs before they start anything.
 */
export function keepTemporaryFilesInMemory(): void {
  if (process.env.TMPDIR || !existsSync(tmpfs)) return;
  const { bavail, bsize } = statfsSync(tmpfs);
  if (bavail * bsize >= neededBytes) process.env.TMPDIR = tmpfs;
}
