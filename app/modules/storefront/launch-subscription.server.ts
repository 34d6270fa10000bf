import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { safeReturnPath } from "../auth/login-href.ts";
import { accountUser } from "../auth/require-user.server.ts";
import { flashHeader, type Flash } from "../flash/flash.server.ts";
import { readForm } from "../forms/read-form.ts";
import { subscribeToLaunch, unsubscribeFromLaunch } from "../launches/subscriptions.server.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";

/** The coin page's subscription form: subscribe by SMS or e-mail, or take it back. */
const launchSubscriptionSchema = z.object({
  intent: z.enum(["subscribe", "unsubscribe"], { error: "Неизвестное действие" }),
  productId: z
    .string({ error: "Монета не найдена." })
    .regex(/^[1-9]\d{0,8}$/, "Монета не найдена.")
    .transform(Number),
  channel: z.enum(["sms", "email", "telegram"], { error: "Выберите, как сообщить: SMS, e-mail или Telegram" }).default("sms"),
  redirectTo: z.string().max(500).default("/my/alerts"),
});

/** POST /my/launch-subscriptions: back to the coin's page (its block) with what happened. */
export async function handleLaunchSubscription(request: Request, context: Readonly<RouterContextProvider>) {
  const user = accountUser(context);
  const { db } = context.get(databaseContext);
  const form = await readFormBody(request);
  const parsed = readForm(form, launchSubscriptionSchema, { coerce: false });
  const back = async (to: string, flash: Flash) => redirect(`${to}#launch`, { status: 303, headers: { "Set-Cookie": await flashHeader(flash) } });
  if (!parsed.ok)
    return back(safeReturnPath(String(parsed.payload.redirectTo ?? "/my/alerts")), {
      kind: "error",
      message: parsed.issues[0]?.message ?? "Монета не найдена.",
    });
  const { intent, productId, channel, redirectTo } = parsed.value;
  const to = safeReturnPath(redirectTo);
  if (intent === "unsubscribe") return back(to, { kind: "success", message: await unsubscribeFromLaunch(db, user.id, productId) });
  const result = await subscribeToLaunch(db, user, productId, channel);
  return back(to, result.ok ? { kind: "success", message: result.message } : { kind: "error", message: result.reason });
}
