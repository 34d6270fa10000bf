// The order page's staff tools (notes, refunds and the conflict rule), with JavaScript off:
// notes that only staff see, each audited; a step posted from a page of an older version of the
// order is refused ('Заказ уже изменён, обновите страницу'); a paid order that was cancelled
// has its money returned through the sandbox payment service by 'Вернуть всё', audited, the buyer
// told by SMS; a printable packing slip with or without prices.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, refunds } from "#app/modules/db/schema.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { type Buyer, newPhone, placeOrderByForms, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { inputValue, textByTestId, textContent } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let smsOutbox: string;
let buyer: Buyer;
let manager: ShopClient;
let content: ShopClient;
let number: string;
let href: string;

const staff = { manager: newPhone(), content: newPhone() };
const coin = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

async function post(fields: Record<string, string>): Promise<string> {
  const posted = await manager.postForm(href, fields);
  expect([posted.status, posted.headers.get("location")]).toEqual([303, href]);
  return spaces(textByTestId(await manager.html(href), "flash") ?? "");
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-admin-orders-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  database = await createShopDatabase();
  await addStaffMembers(database, [
    { phone: staff.manager.typed, role: "manager", name: "Менеджер" },
    { phone: staff.content.typed, role: "content", name: "Редактор" },
  ]);
  shop = await database.start({ SMS_PROVIDER: "file", SMS_OUTBOX_FILE: smsOutbox, NOTIFY_POLL_INTERVAL_MS: "200" });
  buyer = await signedInBuyer(shop.url, smsOutbox);
  const { paymentUrl } = await placeOrderByForms(buyer, coin, 2);
  // The buyer pays on the sandbox's page and comes back.
  const paid = await buyer.client.postForm(new URL(paymentUrl, shop.url).pathname, { intent: "pay" });
  expect(paid.status).toBe(303);
  await buyer.client.get(new URL(paid.headers.get("location")!, shop.url).pathname + new URL(paid.headers.get("location")!, shop.url).search);
  manager = await signedInStaff(shop.url, smsOutbox, staff.manager);
  content = await signedInStaff(shop.url, smsOutbox, staff.content);
  const list = await manager.html(`/admin/orders?q=${encodeURIComponent(buyer.phone.normal)}`);
  number = /\/admin\/orders\/([\d-]+)"/.exec(list)![1]!;
  href = `/admin/orders/${number}`;
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

describe("staff notes on an order", () => {
  it("are added by a form, shown with who wrote them, and an empty one is refused in Russian", async () => {
    expect(await post({ intent: "note", text: "   " })).toBe("Напишите заметку");
    expect(await post({ intent: "note", text: "Покупатель просил подарочную коробку" })).toBe("Заметка сохранена");
    const notes = textByTestId(await manager.html(href), "order-notes") ?? "";
    expect(spaces(notes)).toContain(`${spaces(staff.manager.typed)} (менеджер): Покупатель просил подарочную коробку`);
    // Only staff see them: not the buyer's page.
    expect(textContent(await buyer.client.html("/my/orders"))).not.toContain("подарочную коробку");
  });

  it("content staff may not add one", async () => {
    expect((await content.postForm(href, { intent: "note", text: "x" })).status).toBe(403);
  });
});

describe("two members of staff on one order", () => {
  it("the second, acting from a page loaded before the first one's step, is told the order changed, and nothing happens", async () => {
    const page = await manager.html(href);
    expect(textByTestId(page, "order-status")).toBe("Оплачен");
    const seen = inputValue(page, "version")!;
    // A colleague's step first, from the same page.
    expect(await post({ to: "assembling", version: seen })).toBe(`Заказ №${number}: Оплачен → Собирается.`);
    expect(await post({ to: "cancelled", version: seen, reason: "Нет в наличии" })).toBe("Заказ уже изменён, обновите страницу");
    expect(textByTestId(await manager.html(href), "order-status")).toBe("Собирается");
  });
});

describe("a refund", () => {
  it("is offered once a paid order is cancelled, goes through the payment service, is audited and told to the buyer", async () => {
    let page = await manager.html(href);
    expect(page).not.toContain('data-testid="order-refund"');
    expect(await post({ to: "cancelled", version: inputValue(page, "version")!, reason: "Нет в наличии" })).toContain(
      "верните деньги в блоке «Возврат денег» ниже",
    );
    page = await manager.html(href);
    const block = spaces(textByTestId(page, "order-refund") ?? "");
    const amount = Number(/Вернуть всё: ([\d ]+) ₽/.exec(block)![1]!.replace(/ /g, ""));
    expect(block).toContain(`Оплачено ${spaces(formatMoney(amount))}, возвращено ${spaces(formatMoney(0))}`);
    expect(block).toContain("Монеты отменённого заказа уже возвращены в продажу.");
    const version = /name="intent" value="refund"[\s\S]*?name="version" value="(\d+)"/.exec(page)![1]!;
    // A posted sum means nothing: the server gives back what the order's lines come to.
    expect(await post({ intent: "refund", amount: "1", all: "1", version })).toBe(
      `Возврат ${spaces(formatMoney(amount))} отправлен в платёжный сервис; покупателю придут SMS и письмо.`,
    );
    page = await manager.html(href);
    expect(page).not.toContain("Вернуть всё");
    expect(spaces(textByTestId(page, "order-refunds") ?? "")).toContain(`${spaces(formatMoney(amount))}, выполнен`);
    expect(spaces(textByTestId(page, "order-audit") ?? "")).toContain(`возврат ${spaces(formatMoney(amount))}`);
    // Pressed again from the old page: nothing is refunded twice.
    expect(await post({ intent: "refund", all: "1", version })).toBe("Заказ уже изменён, обновите страницу");
    const sms = await waitFor(
      async () => (await readSmsNotices(smsOutbox, buyer.phone.normal)).find((message) => message.text.includes("возврат")),
      (found) => found !== undefined,
      10_000,
      "the buyer's refund SMS",
    );
    expect(spaces(sms!.text)).toBe(`Аурум: возврат ${spaces(formatMoney(amount))} по заказу №${number} оформлен.`);
  });
});

describe("the packing slip", () => {
  it("lists the coins, the recipient and the delivery, with prices or without", async () => {
    const slip = await manager.get(`${href}/slip`);
    expect(slip.status).toBe(200);
    const lines = spaces(textByTestId(slip.text, "slip-lines") ?? "");
    expect(lines).toMatch(/300-летие Полтавской битвы.*2/);
    expect(lines).toContain("₽");
    expect(textByTestId(slip.text, "slip-recipient")).toContain("Иванов Пётр Сергеевич");
    const bare = await manager.html(`${href}/slip?prices=0`);
    expect(textByTestId(bare, "slip-lines")).not.toContain("₽");
    expect(textByTestId(bare, "packing-slip")).not.toContain("₽");
    expect((await content.get(`${href}/slip`)).status).toBe(403);
  });
});

describe("the records", () => {
  it("the note, the steps and the refund each have their audit row; the refund is the sandbox's", async () => {
    await shop.stop();
    const { audit, refund } = await database.use(async ({ db }) => {
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
      return {
        audit: await db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entity, `order:${number}`))
          .orderBy(asc(auditLog.id)),
        refund: await db.select().from(refunds).where(eq(refunds.orderId, order!.id)),
      };
    });
    expect(audit.map((row) => [row.action, row.phone, row.role])).toEqual([
      ["order.note", staff.manager.normal, "manager"],
      ["order.status", staff.manager.normal, "manager"],
      ["order.status", staff.manager.normal, "manager"],
      ["order.refund", staff.manager.normal, "manager"],
    ]);
    expect(refund).toHaveLength(1);
    expect(refund[0]!.status).toBe("succeeded");
  });
});
