import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { staff, staffSessions } from "../db/schema.ts";
import { clearCookieHeader, cookieHeader, readCookie } from "../shared/cookies.ts";
import type { StaffMember } from "./staff.server.ts";

/** The back office's own cookie: sent only to /admin, so a buyer's pages never carry it, and a buyer's session never opens /admin. */
export const STAFF_SESSION_COOKIE = "staff_session";
export const STAFF_SESSION_TTL_MS = 12 * 3_600_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createStaffSession(db: Database, staffId: number, meta: { ip?: string; userAgent?: string | null }, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_TTL_MS),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export function readStaffSessionToken(request: Request): string | undefined {
  const token = readCookie(request.headers.get("Cookie"), STAFF_SESSION_COOKIE);
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** The member of staff of a live session; a removed member's sessions are gone with them. */
export async function staffBySessionToken(db: Database, token: string, now = new Date()): Promise<StaffMember | undefined> {
  const [row] = await db
    .select({ member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), gt(staffSessions.expiresAt, now)))
    .limit(1);
  return row?.member;
}

export async function endStaffSession(db: Database, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
}

/** Deletes expired back-office sessions (housekeeping runs it); how many. */
export async function pruneExpiredStaffSessions(db: Database, now = new Date()): Promise<number> {
  return (await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now)).returning({ id: staffSessions.id })).length;
}

export function staffSessionCookieHeader(token: string): string {
  return cookieHeader(STAFF_SESSION_COOKIE, token, { maxAge: STAFF_SESSION_TTL_MS / 1000, path: "/admin" });
}

export function clearStaffSessionCookieHeader(): string {
  return clearCookieHeader(STAFF_SESSION_COOKIE, "/admin");
}
