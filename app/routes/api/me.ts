import { readRegistrationBody, signedInUser } from "#app/modules/auth/api.server.ts";
import { profilePayload, saveRegistration } from "#app/modules/auth/sign-in.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiBody } from "#app/modules/request/guards.server.ts";
import { apiJson, domainErrorResponse } from "#app/modules/shared/api.ts";
import type { Route } from "./+types/me";

export const handle = apiHandle({ methods: { GET: "read", POST: "change" }, body: "object" });

/** GET /api/me: the profile of spec section 3. */
export function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  if (user instanceof Response) return user;
  return apiJson(profilePayload(user));
}

/** POST /api/me { name, email }: saves the profile after sign-in (step 3). */
export async function action({ context }: Route.ActionArgs) {
  const user = signedInUser(context);
  if (user instanceof Response) return user;
  try {
    const body = readRegistrationBody(await apiBody(context));
    if (!body.ok) return body.response;
    const saved = await saveRegistration(context.get(databaseContext).db, user.id, { fullName: body.data.name, email: body.data.email });
    return apiJson(profilePayload(saved));
  } catch (error) {
    return domainErrorResponse(error);
  }
}
