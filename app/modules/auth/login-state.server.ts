import { safeReturnPath } from "./login-href.ts";
import { signedCookie } from "../config/signed-cookie.server.ts";

/**
 * Where a buyer is in the sign-in steps, kept in a short-lived signed cookie so that the
 * steps work as plain forms without JavaScript (and `{ code }` alone finds its phone). It
 * also binds a code check to the browser that asked for the code.
 */
export type LoginState = {
  step: "phone" | "code" | "profile";
  phone: string;
  redirectTo: string;
  /** The code this browser asked for: only it may check that code. */
  codeId?: number;
};

const loginCookie = signedCookie("login", { maxAge: 15 * 60 });

export async function readLoginState(request: Request): Promise<LoginState | null> {
  const value = (await loginCookie().parse(request.headers.get("Cookie"))) as Partial<LoginState> | null;
  if (!value || !["phone", "code", "profile"].includes(value.step ?? "") || typeof value.phone !== "string" || !/^(\+7\d{10})?$/.test(value.phone)) return null;
  const codeId = typeof value.codeId === "number" && Number.isSafeInteger(value.codeId) ? value.codeId : undefined;
  return {
    step: value.step as LoginState["step"],
    phone: value.phone,
    redirectTo: safeReturnPath(value.redirectTo),
    ...(codeId !== undefined ? { codeId } : {}),
  };
}

export function loginStateHeader(state: LoginState): Promise<string> {
  return loginCookie().serialize(state);
}

export function clearLoginStateHeader(): Promise<string> {
  return loginCookie().serialize("", { maxAge: 0 });
}
