import { z } from "zod";
import { authErrorResponse, signedInUser } from "#app/modules/auth/api.server.ts";
import { emailField, fullNameField } from "#app/modules/auth/profile.ts";
import { profilePayload, saveRegistration } from "#app/modules/auth/sign-in.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiBody } from "#app/modules/request/guards.server.ts";
import { apiError, apiJson } from "#app/modules/shared/api.ts";
import type { Route } from "./+types/me";

export const handle = apiHandle({ methods: { GET: "read", POST: "change" }, body: "object" });

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
export async function action({ context }: Route.ActionArgs) {
  const user = signedInUser(context);
  if (user instanceof Response) return user;
  try {
    const parsed = registration.safeParse(await apiBody(context));
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
