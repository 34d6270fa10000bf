import { z } from "zod";
import { authErrorResponse, signedInUser } from "#app/modules/auth/api.server.ts";
import { emailField, fullNameField } from "#app/modules/auth/profile.ts";
import { profilePayload, saveRegistration } from "#app/modules/auth/sign-in.server.ts";
import { methodNotAllowed, refuseCrossSite } from "#app/modules/lists/api.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { apiError, apiJson } from "#app/modules/shared/api.ts";
import { readJsonObject } from "#app/modules/shared/json-body.server.ts";
import type { Route } from "./+types/me";

/** GET /api/me: the profile of spec section 3. */
export function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  if (user instanceof Response) return user;
  return apiJson(profilePayload(user));
}

const registration = z.object({
  name: fullNameField,
  email: emailField,
});

/** POST /api/me { name, email }: saves the profile after sign-in (step 3). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const user = signedInUser(context);
  if (user instanceof Response) return user;
  try {
    const parsed = registration.safeParse(await readJsonObject(request));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return apiError(400, `bad_${String(issue.path[0] ?? "body")}`, issue.message);
    }
    const saved = await saveRegistration(context.get(databaseContext).db, user.id, { fullName: parsed.data.name, email: parsed.data.email });
    return apiJson(profilePayload(saved));
  } catch (error) {
    return authErrorResponse(error);
  }
}
