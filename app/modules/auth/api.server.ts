import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { apiError, apiJson } from "../shared/api.ts";
import { parseApiBody } from "../shared/api-body.ts";
import { userContext } from "../request/context.ts";
import { authTexts, emailField, fullNameField, phoneField, phoneSchema } from "./profile.ts";
import type { User } from "./sessions.server.ts";

export function signedInUser(context: Readonly<RouterContextProvider>): User | Response {
  return context.get(userContext) ?? apiError(401, "unauthorized", "Войдите по номеру телефона, чтобы продолжить");
}

/** POST /api/auth/get-code's body, { phone } (bad_phone). */
export function readGetCodeBody(body: unknown) {
  return parseApiBody(phoneSchema, body);
}

const checkCodeBody = z.object({
  // Digits as a string or a number; the sign-in judges them (a wrong one counts as an attempt).
  code: z
    .union([z.string(), z.number()], { error: authTexts.required })
    .transform((code) => String(code).trim())
    .pipe(z.string().min(1, authTexts.required)),
  // The spec's other reading: the phone the code was sent to, which the pending sign-in must match.
  phone: phoneField.optional(),
});

/** POST /api/auth/check-code's body, { code } or { phone, code } (bad_code, bad_phone). */
export function readCheckCodeBody(body: unknown) {
  return parseApiBody(checkCodeBody, body);
}

const registrationBody = z.object({ name: fullNameField, email: emailField });

/** POST /api/me's body, { name, email } (bad_name, bad_email). */
export function readRegistrationBody(body: unknown) {
  return parseApiBody(registrationBody, body);
}

export { apiJson };
