import { authErrorResponse, firstIssue } from "#app/modules/auth/api.server.ts";
import { authDeps } from "#app/modules/auth/deps.server.ts";
import { loginStateHeader, readLoginState } from "#app/modules/auth/login-state.server.ts";
import { phoneSchema } from "#app/modules/auth/profile.ts";
import { sendSignInCode } from "#app/modules/auth/sign-in.server.ts";
import { clientIp } from "#app/modules/request/client-ip.server.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiBody } from "#app/modules/request/guards.server.ts";
import { apiError, apiJson } from "#app/modules/shared/api.ts";
import type { Route } from "./+types/get-code";

export const handle = apiHandle({ methods: { POST: "change" }, body: "object" });

/** POST /api/auth/get-code { phone }: sends a sign-in code by SMS (spec section 7). */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const parsed = phoneSchema.safeParse(await apiBody(context));
    if (!parsed.success) {
      const issue = firstIssue(parsed.error.issues);
      return apiError(400, "bad_phone", issue.message);
    }
    const { resendInSeconds, codeId } = await sendSignInCode(authDeps(context), parsed.data.phone, clientIp(request));
    const state = await readLoginState(request);
    const cookie = await loginStateHeader({ step: "code", phone: parsed.data.phone, redirectTo: state?.redirectTo ?? "/", codeId });
    return apiJson({ data: { phone: parsed.data.phone, resendIn: resendInSeconds } }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return authErrorResponse(error);
  }
}
