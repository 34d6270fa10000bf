import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { exchangeFiles, exchangeSessions } from "../db/schema.ts";
import type { Outcome } from "../shared/failure.ts";
import { readCookie } from "../shared/cookies.ts";
import { isZipName } from "./file-names.ts";
import { EXCHANGE_COOKIE, exchangeTexts } from "./protocol.ts";
import { unpackZip, type ZipLimits } from "./unzip.server.ts";

/** An exchange ends this long after its last call: 1C makes its calls one after another, seconds apart. */
export const EXCHANGE_SESSION_IDLE_MS = 30 * 60_000;
/** All the files of one exchange, archives unpacked, hold at most this much. */
export const EXCHANGE_SESSION_MAX_BYTES = 128 * 1024 * 1024;
export const EXCHANGE_ZIP_LIMITS: ZipLimits = { maxEntries: 20_000, maxTotalBytes: EXCHANGE_SESSION_MAX_BYTES, maxRatio: 100, ratioFloorBytes: 1024 * 1024 };
/** A file unpacked from an archive is stored in pieces of this size. */
const STORED_PART_BYTES = 4 * 1024 * 1024;

export type ExchangeSession = typeof exchangeSessions.$inferSelect;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Opens an exchange for 1C after checkauth: the token goes to 1C in the answer, the database
 * keeps its hash. Exchanges ended long ago go now, with their files.
 */
export async function openExchangeSession(db: Database, login: string, ip: string, now = new Date()): Promise<{ token: string; session: ExchangeSession }> {
  const token = randomBytes(32).toString("base64url");
  await db.delete(exchangeSessions).where(lt(exchangeSessions.expiresAt, now));
  const [session] = await db
    .insert(exchangeSessions)
    .values({ tokenHash: hashToken(token), login, ip, createdAt: now, expiresAt: new Date(now.getTime() + EXCHANGE_SESSION_IDLE_MS) })
    .returning();
  return { token, session: session! };
}

/** The token 1C sent back in the cookie named by checkauth, when it has the shape the shop gives. */
export function readExchangeToken(request: Request): string | undefined {
  const token = readCookie(request.headers.get("Cookie"), EXCHANGE_COOKIE);
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** The live exchange of this token (its end moved on when `touch`), or undefined. */
export async function findExchangeSession(db: Database, token: string, { touch = true, now = new Date() } = {}): Promise<ExchangeSession | undefined> {
  const live = and(eq(exchangeSessions.tokenHash, hashToken(token)), gt(exchangeSessions.expiresAt, now));
  if (!touch) return (await db.select().from(exchangeSessions).where(live).limit(1))[0];
  const [session] = await db
    .update(exchangeSessions)
    .set({ expiresAt: new Date(now.getTime() + EXCHANGE_SESSION_IDLE_MS) })
    .where(live)
    .returning();
  return session;
}

/**
 * Appends a piece 1C sent to the file of that name in this exchange (1C sends a file in pieces,
 * in order, each within file_limit). Under a lock on the session, so that the pieces' order and
 * the session's total hold when two arrive at once.
 */
export async function appendExchangeFile(db: Database, sessionId: number, name: string, body: Buffer): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [session] = await tx.select({ bytes: exchangeSessions.bytesStored }).from(exchangeSessions).where(eq(exchangeSessions.id, sessionId)).for("update");
    if (!session) return { ok: false, reason: exchangeTexts.noSession };
    if (session.bytes + body.length > EXCHANGE_SESSION_MAX_BYTES) return { ok: false, reason: exchangeTexts.sessionFull(EXCHANGE_SESSION_MAX_BYTES) };
    const [last] = await tx
      .select({ part: sql<number>`coalesce(max(${exchangeFiles.part}), 0)`.mapWith(Number) })
      .from(exchangeFiles)
      .where(and(eq(exchangeFiles.sessionId, sessionId), eq(exchangeFiles.name, name)));
    await tx.insert(exchangeFiles).values({ sessionId, name, part: (last?.part ?? 0) + 1, content: body });
    await tx
      .update(exchangeSessions)
      .set({ bytesStored: session.bytes + body.length })
      .where(eq(exchangeSessions.id, sessionId));
    return { ok: true };
  });
}

/** The whole file of that name in this exchange, its pieces in order; undefined when 1C sent none. */
export async function readExchangeFile(db: Database, sessionId: number, name: string): Promise<Buffer | undefined> {
  const parts = await db
    .select({ content: exchangeFiles.content })
    .from(exchangeFiles)
    .where(and(eq(exchangeFiles.sessionId, sessionId), eq(exchangeFiles.name, name)))
    .orderBy(asc(exchangeFiles.part));
  return parts.length > 0 ? Buffer.concat(parts.map((part) => part.content)) : undefined;
}

/** The names of the files of this exchange. */
export async function exchangeFileNames(db: Database, sessionId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: exchangeFiles.name })
    .from(exchangeFiles)
    .where(eq(exchangeFiles.sessionId, sessionId))
    .orderBy(exchangeFiles.name);
  return rows.map((row) => row.name);
}

/**
 * Unpacks the zip archives 1C sent (zip=yes) into files of the same exchange, replacing files of
 * the same names, and drops the archives; all of it or nothing. Called before an import, when
 * every piece has arrived.
 */
export async function unpackExchangeArchives(db: Database, sessionId: number): Promise<Outcome<{ unpacked: string[] }>> {
  const archives = (await exchangeFileNames(db, sessionId)).filter(isZipName);
  const unpacked: string[] = [];
  for (const archive of archives) {
    const buffer = await readExchangeFile(db, sessionId, archive);
    if (!buffer) continue;
    const result = await unpackZip(buffer, EXCHANGE_ZIP_LIMITS);
    if (!result.ok) return { ok: false, reason: exchangeTexts.badZip(`${archive}: ${result.reason}`) };
    const stored = await db.transaction(async (tx): Promise<Outcome> => {
      const [session] = await tx.select({ bytes: exchangeSessions.bytesStored }).from(exchangeSessions).where(eq(exchangeSessions.id, sessionId)).for("update");
      if (!session) return { ok: false, reason: exchangeTexts.noSession };
      const names = result.files.map((file) => file.name);
      const replaced = await tx
        .delete(exchangeFiles)
        .where(and(eq(exchangeFiles.sessionId, sessionId), inArray(exchangeFiles.name, [...names, archive])))
        .returning({ bytes: sql<number>`octet_length(${exchangeFiles.content})`.mapWith(Number) });
      const freed = replaced.reduce((sum, row) => sum + row.bytes, 0);
      const added = result.files.reduce((sum, file) => sum + file.content.length, 0);
      const bytes = session.bytes - freed + added;
      if (bytes > EXCHANGE_SESSION_MAX_BYTES) return { ok: false, reason: exchangeTexts.sessionFull(EXCHANGE_SESSION_MAX_BYTES) };
      for (const file of result.files) {
        const pieces = Math.max(1, Math.ceil(file.content.length / STORED_PART_BYTES));
        for (let index = 0; index < pieces; index++) {
          const content = file.content.subarray(index * STORED_PART_BYTES, (index + 1) * STORED_PART_BYTES);
          await tx.insert(exchangeFiles).values({ sessionId, name: file.name, part: index + 1, content });
        }
      }
      await tx.update(exchangeSessions).set({ bytesStored: bytes }).where(eq(exchangeSessions.id, sessionId));
      return { ok: true };
    });
    if (!stored.ok) return stored;
    unpacked.push(...result.files.map((file) => file.name));
  }
  return { ok: true, unpacked };
}
