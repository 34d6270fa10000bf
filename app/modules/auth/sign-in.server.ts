import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { users } from "../db/schema.ts";
import { clearDraft, moveDraft } from "../checkout/draft.server.ts";
import { clearAllLists, mergeLists, type ListOwner } from "../lists/lists.server.ts";
import { SmsSendError, type SmsGateway } from "../sms/sms.ts";
import {
  AuthError,
  type CodeSecrets,
  type IssuedCode,
  codeLimits,
  countCodeCheck,
  issueCode,
  secondsUntilResend,
  shopChannel,
  verifyCode,
  withdrawCode,
  RESEND_AFTER_MS,
} from "./codes.server.ts";
import { consentWithdrawn, recordConsent } from "../consents/consents.server.ts";
import { needsProfile, splitFullName } from "./profile.ts";
import { createSession, endSession, type User } from "./sessions.server.ts";

export type AuthDeps = {
  db: Database;
  secret: CodeSecrets;
  sms: SmsGateway;
  /** Codes one address may ask for in an hour (SMS_CODES_PER_IP_PER_HOUR); the default when not given. */
  codesPerIpPerHour?: number;
  /** Codes typed from one address in an hour (the setting); the built-in ceiling when absent. */
  codeChecksPerIpPerHour?: number;
};

export function codeMessage(code: string): string {
  return `Код для входа в «Аурум»: ${code}. Никому его не сообщайте.`;
}

/**
 * Step 1: sends a new code by SMS. If the gateway fails, the buyer is told so and the
 * attempt neither leaves a code behind nor counts against the limits.
 */
export async function sendSignInCode(deps: AuthDeps, phone: string, ip: string): Promise<{ resendInSeconds: number; codeId: number }> {
  const perIp = deps.codesPerIpPerHour ? { ...codeLimits.perIp, limit: deps.codesPerIpPerHour } : codeLimits.perIp;
  const issued = await issueCode(deps.db, deps.secret, phone, ip, new Date(), shopChannel(phone, ip, perIp));
  await sendIssuedCode(deps, phone, ip, issued);
  return { resendInSeconds: RESEND_AFTER_MS / 1000, codeId: issued.codeId };
}

/** Sends an issued code by SMS; if the gateway fails, the code and its counts are taken back and the buyer's message thrown. */
export async function sendIssuedCode(deps: AuthDeps, phone: string, ip: string, issued: IssuedCode): Promise<void> {
  try {
    await deps.sms.send({ to: phone, text: codeMessage(issued.code), code: issued.code }, { ip });
  } catch (error) {
    await withdrawCode(deps.db, issued);
    // The gateway has logged the failure; the buyer gets its message.
    if (error instanceof SmsSendError) throw new AuthError("sms_failed", error.userMessage, 502);
    throw error;
  }
}

export { secondsUntilResend };

async function findOrCreateUser(db: Database, phone: string): Promise<User> {
  const [created] = await db.insert(users).values({ phone }).onConflictDoNothing({ target: users.phone }).returning();
  if (created) return created;
  const [existing] = await db.select().from(users).where(eq(users.phone, phone));
  return existing!;
}

export type SignedIn = { user: User; token: string; needsProfile: boolean };

/**
 * Step 2: the right code — of the code this browser asked for (`codeId`, from its signed
 * sign-in cookie) — signs the buyer in; every check counts against the address's ceiling: the user is created on the first visit,
 * the visitor's lists join the user's, a previous session of this browser ends, and a
 * new session token is issued (never the old one reused).
 */
export async function signInWithCode(
  deps: AuthDeps,
  input: { phone: string; codeId: number | undefined; code: string; visitor: ListOwner; previousToken?: string; ip: string; userAgent: string | null },
): Promise<SignedIn> {
  await countCodeCheck(
    deps.db,
    input.ip,
    new Date(),
    deps.codeChecksPerIpPerHour ? { ...codeLimits.checksPerIp, limit: deps.codeChecksPerIpPerHour } : codeLimits.checksPerIp,
  );
  await verifyCode(deps.db, deps.secret, { phone: input.phone, codeId: input.codeId }, input.code);
  const user = await findOrCreateUser(deps.db, input.phone);
  await mergeLists(deps.db, input.visitor, `user:${user.id}`);
  await moveDraft(deps.db, input.visitor, `user:${user.id}`);
  if (input.previousToken) await endSession(deps.db, input.previousToken);
  const token = await createSession(deps.db, user.id, { ip: input.ip, userAgent: input.userAgent });
  // A buyer who withdrew the consent to the account's processing is asked for it again (step 3).
  return { user, token, needsProfile: needsProfile(user) || (await consentWithdrawn(deps.db, user.id, "account")) };
}

/** Step 3 and POST /api/me: the name (as typed, split into its parts) and the e-mail. */
export async function saveRegistration(db: Database, userId: number, input: { fullName: string; email: string }): Promise<User> {
  const [user] = await db
    .update(users)
    .set({ ...splitFullName(input.fullName), email: input.email, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

export async function updateProfile(db: Database, userId: number, input: { name: string; lastName: string; secondName: string; email: string }): Promise<User> {
  const [user] = await db
    .update(users)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

/**
 * Step 3 of sign-in: the name and e-mail, and the consent to the processing of personal data
 * (152-FZ) recorded in the same transaction — the consent exists exactly when the registration does.
 */
export async function completeRegistration(
  db: Database,
  user: { id: number; phone: string },
  input: { fullName: string; email: string },
  origin: { ip: string; userAgent: string | null },
): Promise<User> {
  return db.transaction(async (tx) => {
    const saved = await saveRegistration(tx, user.id, input);
    await recordConsent(tx, { purpose: "account", userId: user.id, phone: user.phone, ip: origin.ip, userAgent: origin.userAgent });
    return saved;
  });
}

/** Logout: the session ends on the server and the visitor is left with empty lists (spec section 4). */
export async function signOut(db: Database, token: string | undefined, visitor: ListOwner): Promise<void> {
  if (token) await endSession(db, token);
  await clearAllLists(db, visitor);
  await clearDraft(db, visitor);
}

/** The profile of spec section 3, as GET /api/me answers it. */
export function profilePayload(user: User) {
  const profile = user.buyProfile as { userinfo?: Record<string, string>; pvzinfo?: Record<string, unknown>; locinfo?: { name?: string; code?: string } };
  const info = profile.userinfo ?? {};
  return {
    name: user.name,
    last_name: user.lastName,
    second_name: user.secondName,
    email: user.email,
    phone: user.phone,
    buyprofile: {
      userinfo: {
        street: info.street ?? "",
        house: info.house ?? "",
        flat: info.flat ?? "",
        entrance: info.entrance ?? "",
        floor: info.floor ?? "",
        usercomment: info.usercomment ?? "",
        select_dlv_service: info.select_dlv_service ?? "",
      },
      pvzinfo: profile.pvzinfo ?? {},
      locinfo: { name: profile.locinfo?.name ?? "", code: profile.locinfo?.code ?? "" },
    },
  };
}
