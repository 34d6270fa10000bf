import { getConfig } from "#app/modules/config/config.server.ts";
import { receiveYooKassaNotification } from "#app/modules/orders/payments.server.ts";
import { getPaymentProvider } from "#app/modules/payments/configured-provider.server.ts";
import { clientIp } from "#app/modules/request/client-ip.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { apiError, apiJson } from "#app/modules/shared/api.ts";
import { BodyError, bodyErrorResponse, readJsonBody } from "#app/modules/shared/json-body.server.ts";
import type { Route } from "./+types/yookassa-webhook";

/**
 * Server to server: no same-origin check. The body is read here, not by the layout: a shop
 * without YooKassa answers 404 whatever is sent, and a bad body is 'bad_notification'.
 */
export const handle = apiHandle({ methods: { POST: "notification" } });

/**
 * POST /api/payments/yookassa/webhook: YooKassa's HTTP notifications. Server to server, so
 * no same-origin check: the source address (set by server/page-request.ts) and a fresh GET of the payment
 * are what make it trustworthy.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (getConfig().payments.provider !== "yookassa") return apiError(404, "not_found", "Приём уведомлений ЮKassa не включён");
  let body: unknown;
  try {
    body = await readJsonBody(request, 65_536);
  } catch (error) {
    if (error instanceof BodyError) return bodyErrorResponse(error, "bad_notification");
    throw error;
  }
  const { db } = context.get(databaseContext);
  const answer = await receiveYooKassaNotification(db, getPaymentProvider(db), body, clientIp(request));
  if (answer.status >= 400) return apiError(answer.status, answer.code, answer.message, answer.status === 503 ? { "Retry-After": "60" } : undefined);
  return apiJson({ data: { status: answer.code } });
}
