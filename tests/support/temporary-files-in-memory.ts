// The suites' temporary folders (test databases, copies of the run's template, the e2e shop) on the
// machine's tmpfs rather than its disk: every test shop's embedded database is a copy of the template,
// over a thousand files, which the disk's file system makes far dearer in system time than tmpfs
// (docs/decisions/072-wasm-tiering-and-tmpfs-for-tests.md).
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
