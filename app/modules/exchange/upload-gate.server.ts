import { getDatabase } from "../db/database.server.ts";
import { EXCHANGE_PATH } from "./protocol.ts";
import { EXCHANGE_MAX_FILE_LIMIT } from "./settings.server.ts";
import { findExchangeSession, readExchangeToken } from "./sessions.server.ts";

/**
 * The body server.ts may read of a request to /1c_exchange, asked before it reads a byte: a
 * piece of a file (up to the largest file_limit) for a POST of a live exchange, nothing more than
 * the usual limit for anyone else. The endpoint then holds the piece to the file_limit set now.
 * Exported through entry.server, so server.ts shares the app's database.
 */
export async function exchangeBodyLimit(request: Request, usual: number): Promise<number> {
  if (request.method !== "POST" || new URL(request.url).pathname !== EXCHANGE_PATH) return usual;
  const token = readExchangeToken(request);
  if (!token) return usual;
  const session = await findExchangeSession((await getDatabase()).db, token, { touch: false });
  return session ? Math.max(usual, EXCHANGE_MAX_FILE_LIMIT) : usual;
}
