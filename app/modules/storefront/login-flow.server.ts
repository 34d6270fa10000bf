import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { safeReturnPath } from "../auth/login-href.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { readFormEnvelope } from "../forms/read-form.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { clientIp } from "../request/client-ip.server.ts";
import { listOwnerContext, userContext, visitorContext } from "../request/context.ts";
import type { ListOwner } from "../lists/lists.server.ts";
import { z } from "zod";
import { AuthError, isCodeLive } from "../auth/codes.server.ts";
import { authDeps } from "../auth/deps.server.ts";
import { clearLoginStateHeader, loginStateHeader, readLoginState, type LoginState } from "../auth/login-state.server.ts";
import { codeSchema, phoneSchema, registrationSchema } from "../auth/profile.ts";
import { clearSessionCookieHeader, readSessionToken, sessionCookieHeader } from "../auth/sessions.server.ts";
import { signInPrefill } from "../auth/prefill.server.ts";
import { completeRegistration, secondsUntilResend, sendSignInCode, signInWithCode, signOut, type AuthDeps } from "../auth/sign-in.server.ts";

import type { LoginView } from "../auth/login-view.ts";

export type { LoginView };

/** The step a request is at, from the sign-in cookie and whether the buyer is signed in. */
export async function loginView(request: Request, context: Readonly<RouterContextProvider>): Promise<LoginView> {
  const state = await readLoginState(request);
  const user = context.get(userContext);
  const query = new URL(request.url).searchParams.get("redirectTo");
  // A fresh link (/login?redirectTo=/checkout) names where to return, whatever an earlier,
  // abandoned sign-in in this browser had kept.
  const redirectTo = query !== null ? safeReturnPath(query) : (state?.redirectTo ?? "/");
  const db = authDeps(context).db;
  if (user && state?.step === "profile")
    return { step: "profile", phone: user.phone, resendInSeconds: 0, redirectTo, prefill: await profilePrefill(db, `user:${user.id}`) };
  if (state?.step === "code") {
    return { step: "code", phone: state.phone, resendInSeconds: await secondsUntilResend(db, state.phone), redirectTo };
  }
  return { step: "phone", phone: state?.phone || (await signInPrefill(db, context.get(listOwnerContext))).phone, resendInSeconds: 0, redirectTo };
}

async function profilePrefill(db: AuthDeps["db"], owner: ListOwner): Promise<LoginView["prefill"]> {
  const { fullName, email } = await signInPrefill(db, owner);
  return { fullName, email };
}

type Outcome = { state: LoginState | null; cookies: string[]; done?: { to: string; message: string }; userId?: number };

/**
 * One sign-in step posted by /login, /cabinet/create or the modal. Without JavaScript the
 * answer is a redirect to the next step (post/redirect/get); a fetcher (`_fetcher`) gets
 * the next step as data. Errors come back beside the fields, in Russian.
 */
export async function handleLoginAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await readFormBody(request);
  const { intent, viaFetcher, redirectTo: posted } = readFormEnvelope(form);
  const state = await readLoginState(request);
  const redirectTo = safeReturnPath(posted ?? state?.redirectTo ?? "/");
  const deps = authDeps(context);
  const user = context.get(userContext);

  const fail = (submission: { reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => unknown }, error?: AuthError) => {
    const reply = error
      ? submission.reply(
          error.code === "wrong_code" || error.code === "bad_code" ? { fieldErrors: { code: [error.message] } } : { formErrors: [error.message] },
        )
      : submission.reply();
    const headers: HeadersInit = error?.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    return data({ result: reply, view: null as LoginView | null }, { status: error?.status ?? 400, headers });
  };

  let outcome: Outcome;
  switch (intent) {
    case "send":
    case "resend": {
      const submission = parseWithZod(intent === "resend" && state ? toForm({ phone: state.phone }) : form, { schema: phoneSchema });
      if (submission.status !== "success") return fail(submission);
      const phone = submission.value.phone;
      // Back from step 2 with the same number: the code already sent still works.
      if (intent === "send" && state?.phone === phone && (await isCodeLive(deps.db, { phone, codeId: state.codeId }))) {
        outcome = { state: { step: "code", phone, redirectTo, codeId: state.codeId }, cookies: [] };
        break;
      }
      let sent;
      try {
        sent = await sendSignInCode(deps, phone, clientIp(request));
      } catch (error) {
        if (error instanceof AuthError) return fail(submission, error);
        throw error;
      }
      outcome = { state: { step: "code", phone, redirectTo, codeId: sent.codeId }, cookies: [] };
      break;
    }
    case "verify": {
      const submission = parseWithZod(form, { schema: codeSchema });
      if (submission.status !== "success") return fail(submission);
      if (!state || state.step !== "code") return fail(submission, new AuthError("code_expired", "Сначала запросите код"));
      let signedIn;
      try {
        signedIn = await signInWithCode(deps, {
          phone: state.phone,
          codeId: state.codeId,
          code: submission.value.code,
          visitor: `visitor:${context.get(visitorContext)}`,
          previousToken: readSessionToken(request),
          ip: clientIp(request),
          userAgent: request.headers.get("User-Agent"),
        });
      } catch (error) {
        if (error instanceof AuthError) return fail(submission, error);
        throw error;
      }
      const cookies = [sessionCookieHeader(signedIn.token)];
      outcome = signedIn.needsProfile
        ? { state: { step: "profile", phone: state.phone, redirectTo }, cookies, userId: signedIn.user.id }
        : { state: null, cookies, done: { to: redirectTo, message: "Вы вошли в личный кабинет" } };
      break;
    }
    case "register": {
      const submission = parseWithZod(form, { schema: registrationSchema });
      if (submission.status !== "success") return fail(submission);
      if (!user) return fail(submission, new AuthError("unauthorized", "Сначала войдите по коду из SMS", 401));
      await completeRegistration(deps.db, user, submission.value, { ip: clientIp(request), userAgent: request.headers.get("User-Agent") });
      outcome = { state: null, cookies: [], done: { to: redirectTo, message: "Регистрация завершена" } };
      break;
    }
    case "skip":
      // Only a signed-in buyer at step 3 can skip it; anyone else is told to sign in.
      if (!user) return fail(parseWithZod(form, { schema: z.object({}) }), new AuthError("unauthorized", "Сначала войдите по коду из SMS", 401));
      outcome = { state: null, cookies: [], done: { to: redirectTo, message: "Вы вошли в личный кабинет" } };
      break;
    case "back":
      // Step 2 → 1 keeps the phone to correct it; step 3 → 2 shows the code step again.
      outcome = {
        state:
          state?.step === "profile"
            ? { ...state, step: "code" }
            : { step: "phone", phone: state?.phone ?? "", redirectTo, ...(state?.codeId !== undefined ? { codeId: state.codeId } : {}) },
        cookies: [],
      };
      break;
    default:
      throw data("Неизвестное действие", { status: 400 });
  }

  const cookies = [...outcome.cookies, outcome.state ? await loginStateHeader(outcome.state) : await clearLoginStateHeader()];
  if (viaFetcher) {
    const view: LoginView | null = outcome.state
      ? {
          step: outcome.state.step,
          phone: outcome.state.phone,
          resendInSeconds: outcome.state.step === "code" ? await secondsUntilResend(deps.db, outcome.state.phone) : 0,
          redirectTo,
          ...(outcome.state.step === "profile"
            ? { prefill: await profilePrefill(deps.db, outcome.userId ? `user:${outcome.userId}` : context.get(listOwnerContext)) }
            : {}),
        }
      : null;
    return data({ result: null, view, done: outcome.done ?? null }, { headers: cookies.map((cookie) => ["Set-Cookie", cookie] as [string, string]) });
  }
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  if (outcome.done) {
    headers.append("Set-Cookie", await flashHeader({ kind: "success", message: outcome.done.message }));
    return redirect(outcome.done.to, { status: 303, headers });
  }
  // Step 3 without JavaScript lives in the blank layout at /cabinet/create.
  return redirect(outcome.state?.step === "profile" ? "/cabinet/create" : "/login", { status: 303, headers });
}

function toForm(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
}

/** Logout: the session ends on the server, the visitor's lists are emptied, and the buyer lands on / (spec section 2). */
export async function handleLogout(request: Request, context: Readonly<RouterContextProvider>) {
  await signOut(authDeps(context).db, readSessionToken(request), `visitor:${context.get(visitorContext)}`);
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookieHeader());
  headers.append("Set-Cookie", await clearLoginStateHeader());
  return { headers };
}
