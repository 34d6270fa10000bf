import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiError } from "#app/modules/shared/api.ts";

/** Whatever the method or origin: the answer is the same 404. */
export const handle = apiHandle("any");

/** Any /api path that is not a call of the contract: a JSON 404, not the HTML page. */
export function loader() {
  return apiError(404, "not_found", "Такого метода API нет");
}

export function action() {
  return apiError(404, "not_found", "Такого метода API нет");
}
