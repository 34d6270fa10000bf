import { readCheckCodeBody } from "#app/modules/auth/api.server.ts";
import { authDeps } from "#app/modules/auth/deps.server.ts";
import { clearLoginStateHeader, loginStateHeader, readLoginState } from "#app/modules/auth/login-state.server.ts";
import { readSessionToken, sessionCookieHeader } from "#app/modules/auth/sessions.server.ts";
import { profilePayload, signInWithCode } from "#app/modules/auth/sign-in.server.ts";
import { clientIp } from "#app/modules/request/client-ip.server.ts";
import { visitorContext } from "#app/modules/request/context.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiBody } from "#app/modules/request/guards.server.ts";
import { apiError, apiJson, domainErrorResponse } from "#app/modules/shared/api.ts";
import type { Route } from "./+types/check-code";

export const handle = apiHandle({ methods: { POST: "change" }, body: "object" });

/**
 * POST /api/auth/check-code { code } — the phone comes from the pending sign-in — or
 * { phone, code }, the spec's other reading, which must be the phone this browser asked
 * a code for. Says whether the profile must be completed. A wrong, expired or someone
 * else's code gets one answer: 400 wrong_code 'Неверный смс код'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const body = readCheckCodeBody(await apiBody(context));
    if (!body.ok) return body.response;
    const { code } = body.data;
    const state = await readLoginState(request);
    const pending = state?.step === "code" ? state : undefined;
    const phone = body.data.phone ?? pending?.phone;
    if (!phone) return apiError(400, "no_pending_sign_in", "Сначала запросите код");
    // Only the browser that asked for the code may check it: another phone, or no cookie, checks nothing.
    const codeId = pending?.phone === phone ? pending.codeId : undefined;
    const signedIn = await signInWithCode(authDeps(context), {
      phone,
      codeId,
      code,
      visitor: `visitor:${context.get(visitorContext)}`,
      previousToken: readSessionToken(request),
      ip: clientIp(request),
      userAgent: request.headers.get("User-Agent"),
    });
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookieHeader(signedIn.token));
    headers.append(
      "Set-Cookie",
      signedIn.needsProfile ? await loginStateHeader({ step: "profile", phone, redirectTo: state?.redirectTo ?? "/" }) : await clearLoginStateHeader(),
    );
    return apiJson({ data: { isLogged: true, needsProfile: signedIn.needsProfile, profile: profilePayload(signedIn.user) } }, { headers });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
