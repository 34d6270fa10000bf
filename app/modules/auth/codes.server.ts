import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { rateLimitEvents, smsCodes } from "../db/schema.ts";
import type { RateLimit } from "../rate-limit/rate-limit.server.ts";
import { consumeRateLimits } from "../rate-limit/rate-limit.server.ts";
import { DomainError } from "../shared/failure.ts";

/** Spec section 9 and docs/architecture.md §5. */
export const CODE_LENGTH = 4;
export const CODE_TTL_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 5;
export const RESEND_AFTER_MS = 120_000;

export const codeLimits = {
  perPhone: { bucket: "sms-phone", limit: 5, windowMs: 3_600_000 } satisfies RateLimit,
  perIp: { bucket: "sms-ip", limit: 20, windowMs: 3_600_000 } satisfies RateLimit,
  /** Code checks from one address, right or wrong, for any phone: a guesser's ceiling. */
  checksPerIp: { bucket: "code-check-ip", limit: 60, windowMs: 3_600_000 } satisfies RateLimit,
};

export const authMessages = {
  wrongCode: "Неверный смс код",
  expired: "Код устарел или не запрашивался. Запросите новый код",
  tooManyTries: "Слишком много неверных попыток. Запросите новый код",
  resendIn: (seconds: number) => `Новый код можно запросить через ${seconds} с`,
  hourlyLimit: (minutes: number) => `Слишком много кодов за час. Попробуйте через ${minutes} мин.`,
  badCode: "Код — это 4 цифры из SMS",
  tooManyChecks: (minutes: number) => `Слишком много попыток ввода кода. Попробуйте через ${minutes} мин.`,
} as const;

/** A sign-in refusal the buyer can act on (the sign-in pages catch these and no others). */
export class AuthError extends DomainError {
  override name = "AuthError";
}

/** Four random digits from the operating system's generator. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
}

/** A keyed hash: the stored value says nothing about the code without the server's secret. */
export function hashCode(secret: string, phone: string, code: string): string {
  return createHmac("sha256", secret).update(`${phone}:${code}`).digest("hex");
}

/**
 * SESSION_SECRET's secrets, newest first (or one): a code is hashed with the first and checked
 * against each, so a code sent just before a new secret was put in front still signs in.
 */
export type CodeSecrets = string | readonly string[];
const secretsOf = (secrets: CodeSecrets): readonly string[] => (typeof secrets === "string" ? [secrets] : secrets);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

export type IssuedCode = { code: string; codeId: number; rateEventIds: number[] };

/**
 * Where a code is asked for: its scope (the storefront's "shop", the back office's own) and the
 * limits it counts against. Codes of one scope neither replace nor hold back those of another,
 * so asking for storefront codes cannot lock a member of staff out of the back office.
 */
export type CodeChannel = { scope: string; limits: Array<{ rule: RateLimit; key: string }> };

/** The storefront's channel: five codes an hour per phone, `perIp` per address. */
export function shopChannel(phone: string, ip: string, perIp: RateLimit = codeLimits.perIp): CodeChannel {
  return {
    scope: SHOP_SCOPE,
    limits: [
      { rule: codeLimits.perPhone, key: phone },
      { rule: perIp, key: ip },
    ],
  };
}

export const SHOP_SCOPE = "shop";

/**
 * Issues a new code for a phone: refused within 120 s of the last one, and beyond five
 * an hour per phone or the per-address cap. The earlier code stops working. The SMS is
 * sent by the caller; if it fails, `withdrawCode` takes the code and its count back.
 */
export async function issueCode(
  db: Database,
  secret: CodeSecrets,
  phone: string,
  ip: string,
  now = new Date(),
  channel: CodeChannel = shopChannel(phone, ip),
): Promise<IssuedCode> {
  const { scope } = channel;
  return db.transaction(async (tx) => {
    // One issue per phone and scope at a time, on every instance.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-code:${scope}:${phone}`}))`);
    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scope, scope)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last) {
      const waitMs = last.createdAt.getTime() + RESEND_AFTER_MS - now.getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AuthError("resend_too_soon", authMessages.resendIn(seconds), 429, seconds);
      }
    }
    const verdict = await consumeRateLimits(tx, channel.limits, now);
    if (!verdict.allowed) {
      throw new AuthError("too_many_codes", authMessages.hourlyLimit(Math.ceil(verdict.retryAfterSeconds / 60)), 429, verdict.retryAfterSeconds);
    }

    await tx
      .update(smsCodes)
      .set({ closedAt: now })
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scope, scope), isNull(smsCodes.closedAt)));
    const code = generateCode();
    const [row] = await tx
      .insert(smsCodes)
      .values({ phone, scope, codeHash: hashCode(secretsOf(secret)[0]!, phone, code), createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS), ip })
      .returning({ id: smsCodes.id });
    return { code, codeId: row!.id, rateEventIds: verdict.eventIds };
  });
}

/** The SMS did not go out: the code never existed for the buyer, nor does it count against the limits. */
export async function withdrawCode(db: Database, issued: IssuedCode): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(smsCodes).where(eq(smsCodes.id, issued.codeId));
    if (issued.rateEventIds.length > 0) await tx.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, issued.rateEventIds));
  });
}

/** The code a browser asked for: its phone and the id of the code issued to it (kept in its signed sign-in cookie), and its scope ("shop" when not given). */
export type CodeAttempt = { phone: string; codeId: number | undefined; scope?: string };

/**
 * Checks a code typed by the buyer against the live code this browser asked for,
 * comparing hashes in constant time. A wrong code counts a try; the fifth wrong try voids
 * the code, so even the right code is refused after it. The right code is used up at once.
 *
 * A check from anyone else (no cookie, another phone, an older code) touches nothing and
 * gets the same answer as a wrong code, so a stranger can neither spend a buyer's tries
 * nor learn whether a sign-in is in progress. Only the browser that asked
 * is told that its code has expired or was voided.
 */
export async function verifyCode(db: Database, secret: CodeSecrets, attempt: CodeAttempt, code: string, now = new Date()): Promise<void> {
  if (!/^\d{4}$/.test(code)) throw new AuthError("bad_code", authMessages.badCode);
  const { phone, codeId, scope = SHOP_SCOPE } = attempt;
  if (codeId === undefined) throw new AuthError("wrong_code", authMessages.wrongCode);
  const outcome = await db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.id, codeId), eq(smsCodes.phone, phone), eq(smsCodes.scope, scope)))
      .for("update");
    if (!live) return "unknown" as const;
    // A code voided by wrong tries says so, whatever is typed next: "expired" would send the buyer looking for an SMS that never came.
    if (live.attempts >= MAX_ATTEMPTS) {
      if (live.closedAt === null) await tx.update(smsCodes).set({ closedAt: now }).where(eq(smsCodes.id, live.id));
      return "too_many" as const;
    }
    if (live.closedAt !== null || live.expiresAt <= now) return "expired" as const;
    if (secretsOf(secret).some((key) => sameHash(hashCode(key, phone, code), live.codeHash))) {
      await tx.update(smsCodes).set({ closedAt: now }).where(eq(smsCodes.id, live.id));
      return "ok" as const;
    }
    const attempts = live.attempts + 1;
    await tx
      .update(smsCodes)
      .set({ attempts, closedAt: attempts >= MAX_ATTEMPTS ? now : null })
      .where(eq(smsCodes.id, live.id));
    return attempts >= MAX_ATTEMPTS ? ("voided" as const) : ("wrong" as const);
  });
  if (outcome === "ok") return;
  if (outcome === "expired") throw new AuthError("code_expired", authMessages.expired);
  if (outcome === "wrong" || outcome === "unknown") throw new AuthError("wrong_code", authMessages.wrongCode);
  throw new AuthError("too_many_tries", authMessages.tooManyTries, 429);
}

/** Counts a code check from an address; refused past the hourly ceiling. */
export async function countCodeCheck(db: Database, ip: string, now = new Date(), rule: RateLimit = codeLimits.checksPerIp): Promise<void> {
  const verdict = await consumeRateLimits(db, [{ rule, key: ip }], now);
  if (!verdict.allowed) {
    throw new AuthError("too_many_checks", authMessages.tooManyChecks(Math.ceil(verdict.retryAfterSeconds / 60)), 429, verdict.retryAfterSeconds);
  }
}

/**
 * Whether the code this browser asked for can still be typed: going back to the phone
 * and continuing with the same number returns to it instead of asking for a new code
 * during the countdown.
 */
export async function isCodeLive(db: Database, attempt: CodeAttempt, now = new Date()): Promise<boolean> {
  if (attempt.codeId === undefined) return false;
  const [row] = await db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.id, attempt.codeId),
        eq(smsCodes.phone, attempt.phone),
        eq(smsCodes.scope, attempt.scope ?? SHOP_SCOPE),
        isNull(smsCodes.closedAt),
        gt(smsCodes.expiresAt, now),
      ),
    );
  return row !== undefined;
}

/** Seconds until the phone may ask the storefront for a new code (0 when it may now). */
export async function secondsUntilResend(db: Database, phone: string, now = new Date()): Promise<number> {
  const [last] = await db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scope, SHOP_SCOPE)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!last) return 0;
  return Math.max(0, Math.ceil((last.createdAt.getTime() + RESEND_AFTER_MS - now.getTime()) / 1000));
}
