// Refunds by line from the back office (decision 024), with JavaScript off: staff
// choose pieces per line of a completed order; the amount is the server's (the order's prices),
// never more than is left; the refund, its audit row and the coins put back on sale are written
// together, the payment service gets the refund with a receipt of exactly those lines, the buyer
// hears of it by SMS, and the same page pressed again is refused. Once with the built-in sandbox,
// once against a fake YooKassa (POST /v3/refunds with an Idempotence-Key and the receipt lines).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/modules/db/client.server.ts";
import { auditLog, orderLines, products, refunds, sandboxPayments } from "#app/modules/db/schema.ts";
import { changeOrderStatus } from "#app/modules/orders/operator.server.ts";
import { applyPaymentState, completeSandboxPayment, latestPayment, startPayment } from "#app/modules/orders/payments.server.ts";
import { createSandboxProvider } from "#app/modules/payments/sandbox.server.ts";
import { createYooKassaProvider } from "#app/modules/payments/yookassa.server.ts";
import { listReceipts } from "#app/modules/receipts/receipts.server.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { newPhone } from "#tests/support/buyer.ts";
import { type FakeReply, type FakeRequest, type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { inputValue, textByTestId } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { fakeYooKassaProviderSettings, fileOutboxSettings, yooKassaFakeSettings } from "#tests/support/shop-settings.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";

const PUBLIC_URL = "https://shop.example";
/** Georgiy Pobedonosets 50 roubles (investment, no VAT) and a Soviet chervonets (VAT). */
const EXEMPT_COIN = 1;
const TAXED_COIN = 8;
const DELIVERY = 390;
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const money = (amount: number) => spaces(formatMoney(amount));

type Line = { id: number; name: string; price: number; quantity: number; productId: number };
type Prepared = TestOrder & { lines: Line[]; stock: Map<number, number> };

/** A paid order of two Georgiy and one chervonets with delivery, handed over (completed). */
async function completedOrder(db: Database, pay: (order: TestOrder) => Promise<void>): Promise<Prepared> {
  const order = await placeTestOrder(db, {
    lines: [
      { productId: EXEMPT_COIN, quantity: 2 },
      { productId: TAXED_COIN, quantity: 1 },
    ],
    deliveryTotal: DELIVERY,
  });
  await pay(order);
  for (const to of ["assembling", "ready_for_pickup", "completed"] as const) expect((await changeOrderStatus(db, order.number, to)).ok).toBe(true);
  const lines = await db
    .select({ id: orderLines.id, name: orderLines.name, price: orderLines.price, quantity: orderLines.quantity, productId: orderLines.productId })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.orderId))
    .orderBy(asc(orderLines.id));
  const stock = new Map((await db.select({ id: products.id, stock: products.stock }).from(products)).map((row) => [row.id, row.stock]));
  return { ...order, lines, stock };
}

/** Posts a form of the order page as the staff member; answers the flash notice it lands on. */
async function postOnOrder(staff: ShopClient, number: string, fields: Record<string, string>): Promise<string> {
  const href = `/admin/orders/${number}`;
  const posted = await staff.postForm(href, fields);
  expect([posted.status, posted.headers.get("location")]).toEqual([303, href]);
  return spaces(textByTestId(await staff.html(href), "flash") ?? "");
}

describe("a refund by line in the sandbox", () => {
  let database: ShopDatabase;
  let shop: Shop;
  let scratch: string;
  let smsOutbox: string;
  let manager: ShopClient;
  let order: Prepared;
  const phone = newPhone();

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "shop-admin-refunds-"));
    smsOutbox = path.join(scratch, "sms.jsonl");
    database = await createShopDatabase();
    await addStaffMembers(database, [{ phone: phone.typed, role: "manager", name: "Менеджер" }]);
    order = await database.use(async ({ db }) =>
      completedOrder(db, async (placed) => {
        const started = await startPayment(db, createSandboxProvider(db, { publicUrl: PUBLIC_URL }), { id: placed.orderId }, { publicUrl: PUBLIC_URL });
        if (started.kind !== "redirect") throw new Error(`payment not started: ${started.reason}`);
        await completeSandboxPayment(db, (await latestPayment(db, placed.orderId))!.providerPaymentId!, "pay", PUBLIC_URL);
      }),
    );
    shop = await database.start({ ...fileOutboxSettings({ sms: smsOutbox }), NOTIFY_POLL_INTERVAL_MS: "200" });
    manager = await signedInStaff(shop.url, smsOutbox, phone);
  }, 300_000);
  afterAll(async () => {
    await shop?.stop();
    await database?.remove();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it("gives back one Georgiy of two at the order's price, puts it back on sale, and tells the buyer; the same page again is refused", async () => {
    const [georgiy, chervonets] = order.lines as [Line, Line];
    const href = `/admin/orders/${order.number}`;
    const page = await manager.html(href);
    const block = spaces(textByTestId(page, "order-refund") ?? "");
    expect(block).toContain(`Оплачено ${money(order.total)}, возвращено ${money(0)}, можно вернуть ${money(order.total)}`);
    expect(block).toContain(`Вернуть всё: ${money(order.total)}`);
    const version = inputValue(page, "version")!;
    // Nothing chosen, or more pieces than were bought: refused in Russian, nothing given back.
    expect(await postOnOrder(manager, order.number, { intent: "refund", version, [`qty-${georgiy.id}`]: "0" })).toBe(
      "Выберите монеты и количество для возврата.",
    );
    expect(await postOnOrder(manager, order.number, { intent: "refund", version, [`qty-${georgiy.id}`]: "3" })).toBe(
      `«${georgiy.name}»: вернуть можно не больше 2 шт.`,
    );
    // A posted amount means nothing: the server's is one Georgiy at the order's price.
    expect(
      await postOnOrder(manager, order.number, {
        intent: "refund",
        version,
        amount: "999999",
        [`qty-${georgiy.id}`]: "1",
        [`qty-${chervonets.id}`]: "0",
        restock: "1",
      }),
    ).toBe(`Возврат ${money(georgiy.price)} отправлен в платёжный сервис; покупателю придут SMS и письмо.`);
    // The same page pressed again: the order has moved on, so nothing is given back twice.
    expect(await postOnOrder(manager, order.number, { intent: "refund", version, [`qty-${georgiy.id}`]: "1", restock: "1" })).toBe(
      "Заказ уже изменён, обновите страницу",
    );
    const after = await manager.html(href);
    expect(spaces(textByTestId(after, "order-refunds") ?? "")).toContain(`${money(georgiy.price)}, выполнен: ${georgiy.name} × 1`);
    expect(spaces(textByTestId(after, "order-refund") ?? "")).toContain(`можно вернуть ${money(order.total - georgiy.price)}`);
    expect(spaces(textByTestId(after, "order-refund") ?? "")).toContain("из 1");
    expect(spaces(textByTestId(after, "order-audit") ?? "")).toContain(`возврат ${money(georgiy.price)}`);
    // Two Georgiy cannot come back now that one has: more than is left of the payment.
    expect(await postOnOrder(manager, order.number, { intent: "refund", version: inputValue(after, "version")!, [`qty-${georgiy.id}`]: "2" })).toBe(
      `«${georgiy.name}»: вернуть можно не больше 1 шт.`,
    );
    const sms = await waitFor(
      async () => (await readSmsNotices(smsOutbox, order.phone)).find((message) => message.text.includes("возврат")),
      (found) => found !== undefined,
      10_000,
      "the buyer's refund SMS",
    );
    expect(spaces(sms!.text)).toBe(`Аурум: возврат ${money(georgiy.price)} по заказу №${order.number} оформлен.`);
  });

  it("gives back all that is left by one button, then offers nothing more", async () => {
    const [georgiy] = order.lines as [Line, Line];
    const href = `/admin/orders/${order.number}`;
    const version = inputValue(await manager.html(href), "version")!;
    expect(await postOnOrder(manager, order.number, { intent: "refund", version, all: "1" })).toBe(
      `Возврат ${money(order.total - georgiy.price)} отправлен в платёжный сервис; покупателю придут SMS и письмо.`,
    );
    const page = await manager.html(href);
    expect(page).not.toContain("Вернуть всё");
    expect(spaces(textByTestId(page, "order-refunds") ?? "")).toMatch(/Доставка × 1/);
  });

  it("keeps the record: two refunds with their lines, receipts of those lines as full payments, audit rows, the sandbox's book, the stock", async () => {
    await shop.stop();
    const [georgiy, chervonets] = order.lines as [Line, Line];
    const { rows, receipts, audit, book, stock } = await database.use(async ({ db }) => ({
      rows: await db.select().from(refunds).where(eq(refunds.orderId, order.orderId)).orderBy(asc(refunds.id)),
      receipts: (await listReceipts(db, order.orderId)).filter((receipt) => receipt.type === "refund"),
      audit: await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, `order:${order.number}`))
        .orderBy(asc(auditLog.id)),
      book: (
        await db
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.orderId, String(order.orderId)))
      )[0]!,
      stock: new Map((await db.select({ id: products.id, stock: products.stock }).from(products)).map((row) => [row.id, row.stock])),
    }));
    expect(rows.map((row) => [row.amount, row.status, row.lines?.map((line) => [line.name, line.quantity, line.restocked])])).toEqual([
      [georgiy.price, "succeeded", [[georgiy.name, 1, true]]],
      [
        order.total - georgiy.price,
        "succeeded",
        [
          [georgiy.name, 1, false],
          [chervonets.name, 1, false],
          ["Доставка", 1, false],
        ],
      ],
    ]);
    expect(
      receipts.map((receipt) => [
        receipt.status,
        receipt.total,
        receipt.items.map((item) => [item.name, item.quantity, item.priceRub, item.vat, item.paymentMode]),
      ]),
    ).toEqual([
      ["succeeded", georgiy.price, [[georgiy.name, 1, georgiy.price, "exempt", "full_payment"]]],
      [
        "succeeded",
        order.total - georgiy.price,
        [
          [georgiy.name, 1, georgiy.price, "exempt", "full_payment"],
          [chervonets.name, 1, chervonets.price, "vat22", "full_payment"],
          ["Доставка", 1, DELIVERY, "vat22", "full_payment"],
        ],
      ],
    ]);
    expect(audit.filter((row) => row.action === "order.refund").map((row) => [row.phone, (row.after as { refunded: number }).refunded])).toEqual([
      [phone.normal, georgiy.price],
      [phone.normal, order.total - georgiy.price],
    ]);
    expect([book.refundedAmount, book.refundKeys.length]).toEqual([order.total, 2]);
    // Only the coin staff said came back is on sale again.
    expect(stock.get(EXEMPT_COIN)! - order.stock.get(EXEMPT_COIN)!).toBe(1);
    expect(stock.get(TAXED_COIN)).toBe(order.stock.get(TAXED_COIN));
  });
});

describe("a refund by line through YooKassa", () => {
  let database: ShopDatabase;
  let shop: Shop;
  let scratch: string;
  let smsOutbox: string;
  let yookassa: FakeServer;
  let manager: ShopClient;
  let order: Prepared & { paymentId: string };
  const phone = newPhone();
  const succeeded = new Map<string, number>();

  function fakeYooKassa(request: FakeRequest): FakeReply {
    const json = (body: unknown): FakeReply => ({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    if (request.method === "POST" && request.path === "/v3/payments") {
      const id = `2e5b1c9a-000f-5000-8000-${String(succeeded.size + 1).padStart(12, "0")}`;
      succeeded.set(id, Number((body.amount as { value: string }).value));
      return json({
        id,
        status: "pending",
        paid: false,
        amount: body.amount,
        metadata: body.metadata,
        confirmation: { type: "redirect", confirmation_url: `https://yoomoney.ru/checkout?orderId=${id}` },
      });
    }
    if (request.method === "GET" && request.path.startsWith("/v3/payments/")) {
      const id = request.path.slice("/v3/payments/".length);
      return json({
        id,
        status: "succeeded",
        paid: true,
        amount: { value: succeeded.get(id)!.toFixed(2), currency: "RUB" },
        metadata: { order_id: String(order?.orderId ?? "") },
      });
    }
    if (request.method === "POST" && request.path === "/v3/refunds") {
      return json({ id: `rf-${request.headers["idempotence-key"]}`, status: "succeeded", amount: body.amount, payment_id: body.payment_id });
    }
    if (request.method === "POST" && request.path === "/v3/receipts") return json({ id: `rt-${body.payment_id}`, type: "payment", status: "succeeded" });
    return { status: 404, contentType: "application/json", body: JSON.stringify({ type: "error", code: "not_found" }) };
  }

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "shop-admin-refunds-yk-"));
    smsOutbox = path.join(scratch, "sms.jsonl");
    yookassa = await startFakeHttpServer(fakeYooKassa);
    database = await createShopDatabase();
    await addStaffMembers(database, [{ phone: phone.typed, role: "manager", name: "Менеджер" }]);
    const provider = createYooKassaProvider(fakeYooKassaProviderSettings(yookassa.baseUrl));
    order = await database.use(async ({ db }) => {
      let paymentId = "";
      const prepared = await completedOrder(db, async (placed) => {
        const started = await startPayment(db, provider, { id: placed.orderId }, { publicUrl: PUBLIC_URL });
        if (started.kind !== "redirect") throw new Error(`payment not started: ${started.reason}`);
        paymentId = (await latestPayment(db, placed.orderId))!.providerPaymentId!;
        await applyPaymentState(db, "yookassa", { ...(await provider.getPayment(paymentId)), orderId: String(placed.orderId) }, provider);
      });
      return { ...prepared, paymentId };
    });
    yookassa.requests.length = 0;
    shop = await database.start({ PUBLIC_URL, ...yooKassaFakeSettings(yookassa.baseUrl), ...fileOutboxSettings({ sms: smsOutbox }) });
    manager = await signedInStaff(shop.url, smsOutbox, phone);
  }, 300_000);
  afterAll(async () => {
    await shop?.stop();
    await database?.remove();
    await yookassa?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  type RefundBody = {
    payment_id: string;
    amount: { value: string };
    receipt: {
      customer: Record<string, string>;
      items: Array<{
        description: string;
        quantity: string | number;
        amount: { value: string };
        vat_code: number;
        payment_mode: string;
        payment_subject: string;
      }>;
    };
  };
  const refundRequests = () => yookassa.requests.filter((request) => request.method === "POST" && request.path === "/v3/refunds");

  it("sends the chervonets and the delivery back with a receipt of exactly those lines and a key of its own; then the rest with another key", async () => {
    const [georgiy, chervonets] = order.lines as [Line, Line];
    let version = inputValue(await manager.html(`/admin/orders/${order.number}`), "version")!;
    expect(await postOnOrder(manager, order.number, { intent: "refund", version, [`qty-${chervonets.id}`]: "1", delivery: "1" })).toBe(
      `Возврат ${money(chervonets.price + DELIVERY)} отправлен в платёжный сервис; покупателю придут SMS и письмо.`,
    );
    const [first] = refundRequests();
    const body = JSON.parse(first!.body) as RefundBody;
    expect(body.payment_id).toBe(order.paymentId);
    expect(body.amount).toEqual({ value: (chervonets.price + DELIVERY).toFixed(2), currency: "RUB" });
    expect(body.receipt.customer).toEqual({ email: "ivan@example.ru" });
    expect(
      body.receipt.items.map((item) => [item.description, Number(item.quantity), item.amount.value, item.vat_code, item.payment_mode, item.payment_subject]),
    ).toEqual([
      [chervonets.name, 1, chervonets.price.toFixed(2), 11, "full_payment", "commodity"],
      ["Доставка", 1, DELIVERY.toFixed(2), 11, "full_payment", "service"],
    ]);
    expect(first!.headers["idempotence-key"]).toMatch(/^[0-9a-f-]{36}$/);

    version = inputValue(await manager.html(`/admin/orders/${order.number}`), "version")!;
    expect(await postOnOrder(manager, order.number, { intent: "refund", version, all: "1" })).toBe(
      `Возврат ${money(georgiy.price * 2)} отправлен в платёжный сервис; покупателю придут SMS и письмо.`,
    );
    const second = refundRequests()[1]!;
    const rest = JSON.parse(second.body) as RefundBody;
    expect(rest.amount.value).toBe((georgiy.price * 2).toFixed(2));
    expect(rest.receipt.items.map((item) => [item.description, Number(item.quantity), item.vat_code])).toEqual([[georgiy.name, 2, 1]]);
    expect(second.headers["idempotence-key"]).not.toBe(first!.headers["idempotence-key"]);
    // Everything is back: the page offers nothing more, and the old page pressed again sends nothing.
    expect(await manager.html(`/admin/orders/${order.number}`)).not.toContain("Вернуть всё");
    expect(await postOnOrder(manager, order.number, { intent: "refund", version, all: "1" })).toBe("Заказ уже изменён, обновите страницу");
    expect(refundRequests()).toHaveLength(2);
  });
});
