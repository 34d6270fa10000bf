import { tmpdir } from "node:os";
import path from "node:path";

/** Where the e2e shop on `port` writes its SMS (one JSON line each); the specs read codes from it. */
export function smsOutboxFile(port: number): string {
  return path.join(tmpdir(), `coin-shop-e2e-${port}-sms.jsonl`);
}
