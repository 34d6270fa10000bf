import { readGetCodeBody } from "#app/modules/auth/api.server.ts";
import { authDeps } from "#app/modules/auth/deps.server.ts";
import { loginStateHeader, readLoginState } from "#app/modules/auth/login-state.server.ts";
import { sendSignInCode } from "#app/modules/auth/sign-in.server.ts";
import { clientIp } from "#app/modules/request/client-ip.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiBody } from "#app/modules/request/guards.server.ts";
import { apiJson, domainErrorResponse } from "#app/modules/shared/api.ts";
import type { Route } from "./+types/get-code";

export const handle = apiHandle({ methods: { POST: "change" }, body: "object" });

/** POST /api/auth/get-code { phone }: sends a sign-in code by SMS (spec section 7). */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const body = readGetCodeBody(await apiBody(context));
    if (!body.ok) return body.response;
    const { phone } = body.data;
    const { resendInSeconds, codeId } = await sendSignInCode(authDeps(context), phone, clientIp(request));
    const state = await readLoginState(request);
    const cookie = await loginStateHeader({ step: "code", phone, redirectTo: state?.redirectTo ?? "/", codeId });
    return apiJson({ data: { phone, resendIn: resendInSeconds } }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
