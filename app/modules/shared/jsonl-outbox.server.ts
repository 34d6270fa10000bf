import { appendFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The JSON-lines outboxes of SMS_PROVIDER=file and EMAIL_PROVIDER=file: nothing is sent, each
 * message becomes one line of a file that a developer reads and the test suites parse.
 */

/** Appends in progress per outbox file, so that lines of one process never interleave. */
const outboxQueues = new Map<string, Promise<void>>();

/**
 * Appends one record as a line, one append at a time per file; the folder is created when
 * missing. A record with a `key` already in the file is not written again: the outbox honours
 * the notification's idempotency key as a gateway would. Resolves to false then.
 */
export function appendToOutbox(file: string, record: Record<string, unknown> & { key?: string }): Promise<boolean> {
  const write = async () => {
    if (record.key && (await outboxHasKey(file, record.key))) return false;
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify(record)}\n`, "utf8");
    return true;
  };
  const previous = outboxQueues.get(file) ?? Promise.resolve();
  const written = previous.then(write);
  const settled = written.then(
    () => {},
    () => {},
  );
  outboxQueues.set(file, settled);
  void settled.then(() => {
    if (outboxQueues.get(file) === settled) outboxQueues.delete(file);
  });
  return written;
}

/** Whether the outbox already holds a message with this idempotency key (the files are small: read whole). */
async function outboxHasKey(file: string, key: string): Promise<boolean> {
  let content: string;
  try {
    content = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
  return content.includes(`"key":${JSON.stringify(key)}`);
}
