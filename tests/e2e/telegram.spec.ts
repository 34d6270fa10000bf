// The profile's «Уведомления в Telegram», with and without JavaScript, on a phone and a wide screen:
// the link button leads the browser to the bot on t.me with a one-time token; once the bot has the
// token (posted here to the webhook as Telegram would), the section offers the groups of messages and «Отключить».
import { expect, test } from "./fixtures.ts";
import { phone } from "./helpers.ts";
import { signIn, wide } from "./layout-steps.ts";

const shotsDir = process.env.SHOTS_DIR ?? "test-results/telegram";

for (const [name, viewport] of [
  ["390", phone],
  ["1366", wide],
] as const) {
  test(`the profile links Telegram and chooses its messages (${name} px)`, async ({ page, baseURL, javaScriptEnabled }) => {
    const shot = (what: string) => `${shotsDir}/${what}-${name}-${javaScriptEnabled ? "js" : "nojs"}.png`;
    await page.setViewportSize(viewport);
    const buyer = await signIn(page, baseURL!);
    await buyer.completeProfile();
    await page.goto("/my/profile");
    const section = page.getByTestId("telegram");
    await expect(section.getByRole("button", { name: "Подключить Telegram" })).toBeVisible();
    await page.screenshot({ path: shot("profile-telegram-off"), fullPage: true });

    // The button leads the browser to the bot on t.me: the deep link carries the token. The request
    // is what is checked: a route cannot answer a redirect's target, and the suites' browser resolves
    // no outside host (playwright.config.ts), so it then shows its own error page.
    const toTelegram = page.waitForEvent("requestfailed", (request) => request.url().startsWith("https://t.me/"));
    await section.getByRole("button", { name: "Подключить Telegram" }).click();
    const link = new URL((await toTelegram).url());
    await page.waitForURL(/^chrome-error:/);
    expect(`${link.origin}${link.pathname}`).toBe("https://t.me/aurum_test_bot");
    expect(link.searchParams.get("start")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const update = {
      update_id: Date.now(),
      message: { message_id: 1, chat: { id: Date.now() % 1_000_000_000, type: "private" }, text: `/start ${link.searchParams.get("start")}` },
    };
    const posted = await page.request.post("/api/telegram/webhook", {
      data: update,
      headers: { "X-Telegram-Bot-Api-Secret-Token": "e2e-webhook-secret-0123456789" },
    });
    expect(posted.status()).toBe(200);

    await page.goto("/my/profile");
    await expect(section).toContainText("Telegram подключён");
    await section.getByLabel("Сроки оплаты").uncheck();
    await section.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText("Выбор уведомлений в Telegram сохранён.")).toBeVisible();
    await expect(section.getByLabel("Сроки оплаты")).not.toBeChecked();
    await expect(section.getByLabel("Статусы заказов")).toBeChecked();
    await page.screenshot({ path: shot("profile-telegram-on"), fullPage: true });

    await section.getByRole("button", { name: "Отключить Telegram" }).click();
    await expect(page.getByText("Telegram отключён.")).toBeVisible();
    await expect(section.getByRole("button", { name: "Подключить Telegram" })).toBeVisible();
  });
}
