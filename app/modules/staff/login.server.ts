import { data, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { AuthError, authMessages, verifyCode } from "../auth/codes.server.ts";
import { authDeps } from "../auth/deps.server.ts";
import { codeSchema, phoneSchema } from "../auth/profile.ts";
import { sendSignInCode } from "../auth/sign-in.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { clientIp } from "../request/client-ip.server.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { signedCookie } from "../shared/signed-cookie.server.ts";
import {
  clearStaffSessionCookieHeader,
  createStaffSession,
  endStaffSession,
  readStaffSessionToken,
  staffBySessionToken,
  staffSessionCookieHeader,
} from "./sessions.server.ts";
import { findStaffByPhone } from "./staff.server.ts";
import { staffLoginTexts } from "./login-texts.ts";

/**
 * Staff sign-in at /admin/login: the buyers' SMS code flow (the same codes module, limits and
 * hashing), but a code goes only to a staff phone, and every other phone is answered exactly
 * as a staff one is, so the page does not tell who works here.
 */

export type StaffLoginView = { step: "phone" | "code"; phone: string };

/** The phone between the two steps, so the steps work as plain forms (signed, 15 minutes, /admin only). */
const stepCookie = signedCookie("staff_login", { maxAge: 15 * 60, path: "/admin" });

/** The signed step cookie: the phone, and the id of the code sent to it (a check counts only for that code). */
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

/** POST /admin/login: send | verify | back, each answered by a redirect (post/redirect/get) or the page with its error. */
export async function handleStaffLogin(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await readFormBody(request);
  const intent = String(form.get("intent") ?? "");
  const deps = authDeps(context);
  const ip = clientIp(request);
  const headers = new Headers();
  const fail = (error: StaffLoginError, status = 400) => data({ error }, { status });

  if (intent === "send") {
    const parsed = phoneSchema.safeParse({ phone: form.get("phone") ?? "" });
    if (!parsed.success) return fail({ field: "phone", message: parsed.error.issues[0]!.message });
    const phone = parsed.data.phone;
    let codeId: number | undefined;
    if (await findStaffByPhone(deps.db, phone)) {
      try {
        codeId = (await sendSignInCode(deps, phone, ip)).codeId;
      } catch (error) {
        // Asking again within two minutes: the code sent earlier still works, and a phone not on the
        // staff list is never refused, so neither is this one.
        if (!(error instanceof AuthError)) throw error;
        if (error.code !== "resend_too_soon") return fail({ field: null, message: error.message }, error.status);
        const earlier = await readStepCookie(request);
        if (earlier?.phone === phone) codeId = earlier.codeId;
      }
    }
    headers.append("Set-Cookie", await stepCookie().serialize({ step: "code", phone, codeId }));
    return redirect("/admin/login", { status: 303, headers });
  }

  if (intent === "verify") {
    const step = await readStepCookie(request);
    if (!step) return fail({ field: null, message: staffLoginTexts.needCodeFirst });
    const parsed = codeSchema.safeParse({ code: form.get("code") ?? "" });
    if (!parsed.success) return fail({ field: "code", message: parsed.error.issues[0]!.message });
    const member = await findStaffByPhone(deps.db, step.phone);
    // A phone not on the list is told what a wrong code is told.
    if (!member) return fail({ field: "code", message: authMessages.wrongCode });
    try {
      await verifyCode(deps.db, deps.secret, step, parsed.data.code);
    } catch (error) {
      if (error instanceof AuthError) return fail({ field: error.code === "wrong_code" ? "code" : null, message: error.message }, error.status);
      throw error;
    }
    const previous = readStaffSessionToken(request);
    if (previous) await endStaffSession(deps.db, previous);
    const token = await createStaffSession(deps.db, member.id, { ip, userAgent: request.headers.get("User-Agent") });
    headers.append("Set-Cookie", staffSessionCookieHeader(token));
    headers.append("Set-Cookie", await stepCookie().serialize("", { maxAge: 0 }));
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
