import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { accountUser } from "../auth/require-user.server.ts";
import { getConfig } from "../config/config.server.ts";
import { flashHeader, type Flash } from "../flash/flash.server.ts";
import { readForm } from "../forms/read-form.ts";
import { type TelegramKind, telegramKinds } from "../notifications/telegram-kinds.ts";
import { createLinkToken, setTelegramKinds, telegramLinkOf, unlinkUser } from "../notifications/telegram-links.server.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";

/** The profile's Telegram section: link (to the deep link), unlink, and the groups sent to Telegram. */
export const telegramProfileSchema = z.object({
  intent: z.enum(["link", "unlink", "kinds"], { error: "Неизвестное действие" }),
  // One box per group, named by it: a ticked box posts "on".
  ...(Object.fromEntries(telegramKinds.map((kind) => [kind, z.boolean().default(false)])) as Record<TelegramKind, z.ZodDefault<z.ZodBoolean>>),
});

export const telegramProfileTexts = {
  absent: "Telegram-бот магазина не подключён.",
  unlinked: "Telegram отключён.",
  notLinked: "Telegram не подключён.",
  saved: "Выбор уведомлений в Telegram сохранён.",
} as const;

/** The section as the profile page shows it; undefined when the shop has no bot for buyers. */
export async function telegramProfile(context: Readonly<RouterContextProvider>) {
  if (!getConfig().notifications.telegram?.botUsername) return undefined;
  const link = await telegramLinkOf(context.get(databaseContext).db, accountUser(context).id);
  return { linked: link !== undefined, kinds: link?.kinds ?? [] };
}

/** POST /my/profile: «Подключить Telegram» goes to t.me with a new one-time token; the rest back to the profile. */
export async function handleTelegramProfile(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const user = accountUser(context);
  const { db } = context.get(databaseContext);
  const back = async (flash: Flash) => redirect("/my/profile#telegram", { status: 303, headers: { "Set-Cookie": await flashHeader(flash) } });
  const bot = getConfig().notifications.telegram?.botUsername;
  if (!bot) return back({ kind: "error", message: telegramProfileTexts.absent });
  const parsed = readForm(await readFormBody(request), telegramProfileSchema);
  if (!parsed.ok) return back({ kind: "error", message: parsed.reason });
  switch (parsed.value.intent) {
    case "link": {
      const token = await createLinkToken(db, user.id);
      return redirect(`https://t.me/${bot}?start=${token}`, { status: 303 });
    }
    case "unlink":
      return back({ kind: "success", message: (await unlinkUser(db, user.id)) ? telegramProfileTexts.unlinked : telegramProfileTexts.notLinked });
    case "kinds":
      if (!(await telegramLinkOf(db, user.id))) return back({ kind: "error", message: telegramProfileTexts.notLinked });
      await setTelegramKinds(
        db,
        user.id,
        telegramKinds.filter((kind) => parsed.value[kind]),
      );
      return back({ kind: "success", message: telegramProfileTexts.saved });
  }
}
