import { randomBytes } from "node:crypto";
import { data, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { AuthError, authMessages, type CodeChannel, countCodeCheck, issueCode, verifyCode } from "../auth/codes.server.ts";
import { authDeps } from "../auth/deps.server.ts";
import { codeSchema, phoneSchema } from "../auth/profile.ts";
import { sendIssuedCode } from "../auth/sign-in.server.ts";
import type { RateLimit } from "../rate-limit/rate-limit.server.ts";
import { log } from "../shared/log.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { clientIp } from "../request/client-ip.server.ts";
import { readForm } from "../forms/read-form.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { signedCookie } from "../config/signed-cookie.server.ts";
import {
  clearStaffSessionCookieHeader,
  createStaffSession,
  endStaffSession,
  readStaffSessionToken,
  staffBySessionToken,
  staffSessionCookieHeader,
} from "../staff/sessions.server.ts";
import { findStaffByPhone } from "../staff/staff.server.ts";
import { staffLoginTexts } from "./login-texts.ts";

/**
 * Staff sign-in at /admin/login: the buyers' SMS codes (the same codes module and hashing), in a
 * scope and limits of its own, so the storefront's limits cannot lock staff out. Every phone gets
 * the same work and the same answers (a code issued and counted, the same cookie, the same
 * statuses); only a staff phone is sent the SMS, after the answer, so the gateway's time tells
 * nothing either (docs/decisions/043-staff-sign-in-apart-from-the-storefront.md).
 */

export type StaffLoginView = { step: "phone" | "code"; phone: string };

const HOUR_MS = 3_600_000;

/** The back office's own buckets: the storefront's codes and checks never count here. */
export const staffCodeLimits = {
  perPhone: { bucket: "staff-sms-phone", limit: 5, windowMs: HOUR_MS } satisfies RateLimit,
  /** Its limit is SMS_CODES_PER_IP_PER_HOUR, as the storefront's. */
  perIp: { bucket: "staff-sms-ip", limit: 20, windowMs: HOUR_MS } satisfies RateLimit,
  /** Codes asked for on a device a member signed in on before: nobody else can spend these. */
  perDevice: { bucket: "staff-sms-device", limit: 5, windowMs: HOUR_MS } satisfies RateLimit,
  checksPerIp: { bucket: "staff-code-check-ip", limit: 60, windowMs: HOUR_MS } satisfies RateLimit,
};

/** The phone between the two steps, so the steps work as plain forms (signed, 15 minutes, /admin only). */
const stepCookie = signedCookie("staff_login", { maxAge: 15 * 60, path: "/admin" });

/** A device a member signed in on: its codes have a scope and a bucket a stranger cannot reach (signed, 180 days). */
const deviceCookie = signedCookie("staff_device", { maxAge: 180 * 24 * 3600, path: "/admin" });

type Device = { phone: string; id: string };

async function readDevice(request: Request): Promise<Device | null> {
  const value = (await deviceCookie().parse(request.headers.get("Cookie"))) as { phone?: unknown; id?: unknown } | null;
  if (!value || typeof value.phone !== "string" || typeof value.id !== "string" || !/^[A-Za-z0-9_-]{22}$/.test(value.id)) return null;
  return { phone: value.phone, id: value.id };
}

/** Where a code for this phone is asked for: the member's known device, or the back office's common channel. */
function staffChannel(phone: string, ip: string, device: Device | null, codesPerIpPerHour: number | undefined): CodeChannel {
  if (device?.phone === phone) return { scope: `staff:${device.id}`, limits: [{ rule: staffCodeLimits.perDevice, key: `${phone}:${device.id}` }] };
  const perIp = codesPerIpPerHour ? { ...staffCodeLimits.perIp, limit: codesPerIpPerHour } : staffCodeLimits.perIp;
  return {
    scope: "staff",
    limits: [
      { rule: staffCodeLimits.perPhone, key: phone },
      { rule: perIp, key: ip },
    ],
  };
}

/** The signed step cookie: the phone, and the id of the code issued to it (a check counts only for that code). */
async function readStepCookie(request: Request): Promise<{ phone: string; codeId: number | undefined } | null> {
  const value = (await stepCookie().parse(request.headers.get("Cookie"))) as { step?: unknown; phone?: unknown; codeId?: unknown } | null;
  if (!value || value.step !== "code" || typeof value.phone !== "string" || !/^\+7\d{10}$/.test(value.phone)) return null;
  return { phone: value.phone, codeId: typeof value.codeId === "number" ? value.codeId : undefined };
}

async function readStep(request: Request): Promise<StaffLoginView | null> {
  const step = await readStepCookie(request);
  return step ? { step: "code", phone: step.phone } : null;
}

/** GET /admin/login: a signed-in member goes straight to the back office. */
export async function staffLoginView(request: Request, context: Readonly<RouterContextProvider>): Promise<StaffLoginView> {
  const token = readStaffSessionToken(request);
  const { db } = authDeps(context);
  if (token && (await staffBySessionToken(db, token))) throw redirectDocument("/admin");
  return (await readStep(request)) ?? { step: "phone", phone: "" };
}

export type StaffLoginError = { field: "phone" | "code" | null; message: string };

/** The sign-in page's three forms (the phone, the code, 'back'), told apart by their intent. */
const staffLoginFormSchema = z.discriminatedUnion(
  "intent",
  [phoneSchema.extend({ intent: z.literal("send") }), codeSchema.extend({ intent: z.literal("verify") }), z.object({ intent: z.literal("back") })],
  { error: "Неизвестное действие" },
);

/** POST /admin/login: send | verify | back, each answered by a redirect (post/redirect/get) or the page with its error. */
export async function handleStaffLogin(request: Request, context: Readonly<RouterContextProvider>) {
  const posted = readForm(await readFormBody(request), staffLoginFormSchema);
  const intent = posted.ok ? posted.value.intent : posted.payload.intent;
  const problem = posted.ok ? "" : posted.issues[0]!.message;
  const deps = authDeps(context);
  const ip = clientIp(request);
  const headers = new Headers();
  const fail = (error: StaffLoginError, status = 400) => data({ error }, { status });
  const refuse = (error: AuthError) =>
    fail({ field: error.code === "wrong_code" || error.code === "bad_code" ? "code" : null, message: error.message }, error.status);

  if (intent === "send") {
    if (!posted.ok || posted.value.intent !== "send") return fail({ field: "phone", message: problem });
    const phone = posted.value.phone;
    const member = await findStaffByPhone(deps.db, phone);
    let codeId: number | undefined;
    try {
      // Issued and counted for every phone alike: the limits and the cookie tell no one who works here.
      const issued = await issueCode(deps.db, deps.secret, phone, ip, new Date(), staffChannel(phone, ip, await readDevice(request), deps.codesPerIpPerHour));
      codeId = issued.codeId;
      // Only a member is sent the code, once answered: waiting for the gateway would tell a staff phone by the time.
      if (member)
        void sendIssuedCode(deps, phone, ip, issued).catch((error: unknown) => {
          // A gateway's refusal is logged by the gateway; the member asks again.
          if (!(error instanceof AuthError)) log.error("staff sign-in: the code was not sent", { error });
        });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      // Asking again within two minutes: the code issued earlier still works.
      if (error.code !== "resend_too_soon") return refuse(error);
      const earlier = await readStepCookie(request);
      if (earlier?.phone === phone) codeId = earlier.codeId;
    }
    headers.append("Set-Cookie", await stepCookie().serialize({ step: "code", phone, codeId }));
    return redirect("/admin/login", { status: 303, headers });
  }

  if (intent === "verify") {
    try {
      await countCodeCheck(deps.db, ip, new Date(), staffCodeLimits.checksPerIp);
    } catch (error) {
      if (error instanceof AuthError) return refuse(error);
      throw error;
    }
    const step = await readStepCookie(request);
    if (!step) return fail({ field: null, message: staffLoginTexts.needCodeFirst });
    // The code's form is checked after the check is counted: a malformed guess is a guess too.
    if (!posted.ok || posted.value.intent !== "verify") return fail({ field: "code", message: problem });
    const member = await findStaffByPhone(deps.db, step.phone);
    const device = await readDevice(request);
    const { scope } = staffChannel(step.phone, ip, device, deps.codesPerIpPerHour);
    try {
      await verifyCode(deps.db, deps.secret, { ...step, scope }, posted.value.code);
    } catch (error) {
      if (error instanceof AuthError) return refuse(error);
      throw error;
    }
    // A phone not on the list was sent no code: whatever matched is answered as a wrong code.
    if (!member) return fail({ field: "code", message: authMessages.wrongCode });
    const previous = readStaffSessionToken(request);
    if (previous) await endStaffSession(deps.db, previous);
    const token = await createStaffSession(deps.db, member.id, { ip, userAgent: request.headers.get("User-Agent") });
    headers.append("Set-Cookie", staffSessionCookieHeader(token));
    headers.append("Set-Cookie", await stepCookie().serialize("", { maxAge: 0 }));
    headers.append(
      "Set-Cookie",
      await deviceCookie().serialize({ phone: member.phone, id: device?.phone === member.phone ? device.id : randomBytes(16).toString("base64url") }),
    );
    headers.append("Set-Cookie", await flashHeader({ kind: "success", message: staffLoginTexts.signedIn }));
    // A document load: the dashboard's data request (/admin.data) is outside the cookie's Path=/admin.
    return redirectDocument("/admin", { status: 303, headers });
  }

  if (intent === "back") {
    headers.append("Set-Cookie", await stepCookie().serialize("", { maxAge: 0 }));
    return redirect("/admin/login", { status: 303, headers });
  }
  throw data("Неизвестное действие", { status: 400 });
}

/** POST /admin/logout ('Выйти'): the session ends on the server and the cookie goes. */
export async function handleStaffLogout(request: Request, context: Readonly<RouterContextProvider>) {
  const token = readStaffSessionToken(request);
  if (token) await endStaffSession(authDeps(context).db, token);
  const headers = new Headers();
  headers.append("Set-Cookie", clearStaffSessionCookieHeader());
  headers.append("Set-Cookie", await flashHeader({ kind: "success", message: staffLoginTexts.signedOut }));
  return redirect("/admin/login", { status: 303, headers });
}
