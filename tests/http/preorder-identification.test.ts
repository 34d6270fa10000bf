// 115-FZ for pre-orders (decision 062), with JavaScript off: a pre-order whose estimate (the announced
// price with the margin for the metal's move) reaches the identification threshold takes the buyer's
// passport data first, with the checkout's rules and messages; at the opening the serving runs the
// checkout's gate: the identified one is served with its identification, a listed person's goes on
// review, and one whose opening price crosses the threshold without identification is closed, the
// buyer told, and its pieces go to the next in line.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { moscowDateTimeText } from "#app/modules/launches/launch.ts";
import { preorderTexts } from "#app/modules/preorders/preorders.ts";
import { type Buyer, newPhone, productIdOf } from "#tests/support/buyer.ts";
import { runCommand } from "#tests/support/commands.ts";
import { passportForm } from "#tests/support/identification.ts";
import { waitFor } from "#tests/support/network.ts";
import { readEmails } from "#tests/support/email-outbox.ts";
import { textByTestId, textContent } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";
import { addStaffMembers } from "#tests/support/staff.ts";

const content = newPhone();
const staffEmail = "control@aurum.test";
const shop = runningShop({
  prepare: async (database) => {
    await addStaffMembers(database, [{ phone: content.typed, role: "content", name: "Контент" }]);
    const imported = await runCommand("scripts/compliance.ts", ["import-list", path.resolve("tests/fixtures/compliance/extremist-list.xml")], database.env);
    expect(imported.stderr).toBe("");
  },
  // Low enough that one coin at the opening's price reaches it, while the announced «около 450 ₽» does only for two.
  env: { IDENTIFICATION_THRESHOLD_RUB: "1000", IDENTIFICATION_THRESHOLD_CASH_RUB: "1000" },
  email: { staffEmail },
  timeoutMs: 300_000,
});

// Four pieces in the demo's stock.
const coin = { sku: "AG-0049", slug: "kenguru-1-unciya-serebro-1-avstraliyskiy-dollar" };
const page = `/products/${coin.slug}`;

const passport = passportForm;

let staffClient: ShopClient | undefined;
async function staff() {
  staffClient ??= await shop.staff(content);
  return staffClient;
}

async function announce(opensAt: Date) {
  const client = await staff();
  const answer = await client.postForm(`/admin/catalog/${coin.sku}/launch`, {
    salesOpenAt: moscowDateTimeText(opensAt),
    issueDate: "",
    mintage: "",
    expectedPrice: "около 450 ₽",
    buyerCap: "2",
    preordersAllowed: "on",
  });
  expect(answer.status).toBe(303);
}

const preorderForm = (quantity: string) => ({ intent: "preorder", productId: String(productIdOf(coin.slug)), quantity, redirectTo: page });
const step = (quantity: string) =>
  `/my/preorders/identification?productId=${productIdOf(coin.slug)}&quantity=${quantity}&redirectTo=${encodeURIComponent(page)}`;

describe("pre-orders over the identification threshold", () => {
  let opensAt = new Date(Date.now() + 3_600_000);
  opensAt.setUTCSeconds(0, 0);
  let identified: Buyer;
  let small: Buyer;
  let listed: Buyer;

  it("ask for the passport data first (the checkout's rules), and are placed with them", async () => {
    await announce(opensAt);
    identified = await shop.buyer();
    // Two at «около 450 ₽» with the margin: 1 080 ₽, over the threshold: the step, nothing saved yet.
    const asked = await identified.client.postForm("/my/preorders", preorderForm("2"));
    expect([asked.status, asked.headers.get("location")]).toEqual([303, step("2")]);
    expect(textContent(await identified.client.html("/my/preorders"))).not.toContain("место в очереди");
    const form = textContent(await identified.client.html(step("2")));
    expect(form).toContain(preorderTexts.identificationTitle);
    expect(form).toContain("2 шт.");
    // A hostile or careless post: the checkout's Russian messages, no pre-order.
    const refused = await identified.client.postForm(step("2"), { ...passport, ...preorderForm("2"), birthDate: "31.02.1980", consent: "" });
    expect(refused.status).toBe(400);
    const refusedText = textContent(refused.text);
    expect(refusedText).toMatch(/дата/i);
    const noCoin = await identified.client.postForm(step("2"), { ...passport, ...preorderForm("2"), productId: "x" });
    expect(noCoin.status).toBe(400);
    expect(textContent(noCoin.text)).toContain("Монета не найдена.");
    expect(textContent(await identified.client.html("/my/preorders"))).not.toContain("место в очереди");

    const saved = await identified.client.postForm(step("2"), { ...passport, ...preorderForm("2") });
    expect([saved.status, saved.headers.get("location")]).toEqual([303, `${page}#preorder`]);
    expect(textByTestId(await identified.client.html(page), "flash")).toBe(preorderTexts.placed(1));

    // One piece, 540 ₽ by the estimate: no step.
    small = await shop.buyer();
    const placed = await small.client.postForm("/my/preorders", preorderForm("1"));
    expect(placed.headers.get("location")).toBe(`${page}#preorder`);
    expect(textByTestId(await small.client.html(page), "flash")).toBe(preorderTexts.placed(2));

    // A person on the imported list gives his data like anyone (not refused: that would tell him).
    listed = await shop.buyer({ fullName: "Тестовый Федор Списочный" });
    expect((await listed.client.postForm("/my/preorders", preorderForm("2"))).headers.get("location")).toBe(step("2"));
    const listedSaved = await listed.client.postForm(step("2"), {
      ...passport,
      ...preorderForm("2"),
      fullName: "тестовый Федор списочный",
      birthDate: "12.04.1985",
    });
    expect(listedSaved.headers.get("location")).toBe(`${page}#preorder`);
    expect(textByTestId(await listed.client.html(page), "flash")).toBe(preorderTexts.placed(3));
  });

  it("at the opening: the identified one is served, the one the price took over the threshold is closed and told, its pieces go to the next, held for review", async () => {
    opensAt = new Date(Date.now() + 5_000);
    opensAt.setUTCMilliseconds(0);
    await announce(opensAt);
    const sms = (buyer: Buyer, text: string) => async () =>
      (await readSmsNotices(shop.smsOutbox, buyer.phone.normal)).find((notice) => notice.text.includes(text));
    const servedSms = (await waitFor(sms(identified, "принят"), (found) => found !== undefined, 40_000, "the identified buyer's order"))!;
    expect(servedSms.text).toMatch(/Оплатите до/);
    const closedSms = (await waitFor(sms(small, "требует идентификации"), (found) => found !== undefined, 40_000, "the closed pre-order's message"))!;
    expect(closedSms.text).toContain("Оформите заказ в корзине");
    expect(textContent(await small.client.html("/my/preorders"))).toContain("Закрыт: нужна идентификация");
    expect(textContent(await small.client.html("/my/orders"))).not.toMatch(/№\d{4}-\d{6}/);

    // The listed buyer got the two pieces the closed one did not take, held for review, and no 'pay by' message.
    await waitFor(
      async () => textContent(await listed.client.html("/my/orders")),
      (orders) => orders.includes("На проверке"),
      40_000,
      "the held order",
    );
    const held = textContent(await listed.client.html("/my/preorders"));
    expect(held).toContain("Обслужен: заказ создан");
    await expect
      .poll(async () => (await readEmails(shop.emailOutbox)).filter((mail) => mail.to === staffEmail && mail.subject.includes("задержан на проверку")).length, {
        timeout: 20_000,
      })
      .toBe(1);
    expect((await readSmsNotices(shop.smsOutbox, listed.phone.normal)).some((notice) => notice.text.includes("Оплатите"))).toBe(false);

    const admin = textContent(await (await staff()).html(`/admin/catalog/${coin.sku}`));
    expect(admin).toContain("Закрыт: нужна идентификация");
    // All four pieces went to the two served orders.
    expect(textContent(await shop.client().html(page))).toContain("Нет в наличии");
  }, 90_000);
});
