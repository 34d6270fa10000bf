import { getConfig } from "#app/modules/config/config.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { apiHandle } from "#app/modules/request/api-call.ts";
import { botFacts } from "#app/modules/telegram/bot.server.ts";
import { receiveWebhook } from "#app/modules/telegram/updates.server.ts";
import type { Route } from "./+types/telegram-webhook";

/**
 * Server to server: no same-origin check; the secret header set with setWebhook is what makes an
 * update trustworthy. The body is read by the module after the secret, not by the layout.
 */
export const handle = apiHandle({ methods: { POST: "notification" } });

/** POST /api/telegram/webhook: the bot's updates from Telegram. */
export async function action({ request, context }: Route.ActionArgs) {
  const config = getConfig();
  return receiveWebhook(context.get(databaseContext).db, config.notifications.telegram, request, () => botFacts(config.publicUrl));
}
