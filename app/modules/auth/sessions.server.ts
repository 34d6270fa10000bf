import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { preparedPerDatabase } from "../db/prepared.server.ts";
import { sessions, type User, users } from "../db/schema.ts";
import { clearCookieHeader, cookieHeader, readCookie } from "../shared/cookies.ts";

export const SESSION_COOKIE = "session";
export const SESSION_TTL_MS = 30 * 86_400_000;

export type { User };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Starts a session: a new random token for the cookie, only its hash in the database. */
export async function createSession(db: Database, userId: number, meta: { ip?: string; userAgent?: string | null }, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The session token the request carries, if it looks like one. */
export function readSessionToken(request: Request): string | undefined {
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** The signed-in user of a live session, or undefined. */
export async function userBySessionToken(db: Database, token: string, now = new Date()): Promise<User | undefined> {
  const [row] = await sessionUser(db).execute({ tokenHash: hashToken(token), now: now.toISOString() });
  return row?.user;
}

/** Asked on every request that carries a session: prepared once (prepared.server.ts). */
const sessionUser = preparedPerDatabase((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("session_user"),
);

/** Ends a session on the server: the token is worthless afterwards even if kept. */
export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Deletes the sessions that have expired; how many. */
export async function pruneExpiredSessions(db: Database, now = new Date()): Promise<number> {
  return (await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })).length;
}

export function sessionCookieHeader(token: string): string {
  return cookieHeader(SESSION_COOKIE, token, { maxAge: SESSION_TTL_MS / 1000 });
}

export function clearSessionCookieHeader(): string {
  return clearCookieHeader(SESSION_COOKIE);
}
