import { and, asc, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { officePickupDelivery, placeTestOrder } from "#tests/support/orders.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { notifications, orders, products, sandboxPayments } from "../db/schema.ts";
import { completeSandboxPayment, startPayment } from "./payments.server.ts";
import { createSandboxProvider, decideSandboxPayment } from "../payments/sandbox.server.ts";
import { log } from "../shared/log.server.ts";
import {
  changeOrderStatus,
  findOrderByNumber,
  formatOrderDetails,
  formatOrderRow,
  formatStatusChange,
  listOrdersForOperator,
  trackingNumberMessages,
} from "./operator.server.ts";

const database = withTempDatabase("operator-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const db = () => database.handle.db;

async function stockOf(productId: number) {
  const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

beforeEach(() => vi.spyOn(log, "info").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe("changing an order's status", () => {
  it("walks an online order from payment to completion, one allowed step at a time", async () => {
    const order = await placeTestOrder(db());
    for (const [from, to] of [
      ["awaiting_payment", "paid"],
      ["paid", "assembling"],
      ["assembling", "ready_for_pickup"],
      ["ready_for_pickup", "completed"],
    ] as const) {
      expect(await changeOrderStatus(db(), order.number, to)).toEqual({
        ok: true,
        number: order.number,
        from,
        to,
        restocked: [],
        refundNeeded: false,
        paymentsCancelled: 0,
        refunds: [],
      });
    }
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe("completed");
    expect(await changeOrderStatus(db(), order.number, "cancelled")).toEqual({
      ok: false,
      reason: `Заказ №${order.number} в статусе «Выполнен»: этот статус окончательный, его нельзя изменить.`,
    });
  });

  it("refuses a step the status does not allow, naming the ones it does, and changes nothing", async () => {
    const order = await placeTestOrder(db(), { paymentId: 6 });
    expect(await changeOrderStatus(db(), order.number, "shipped")).toEqual({
      ok: false,
      reason: `Заказ №${order.number} нельзя перевести из статуса «Новый» в «Отправлен». Возможно: «Собирается», «Отменён».`,
    });
    expect(await changeOrderStatus(db(), order.number, "new")).toEqual({ ok: false, reason: `Заказ №${order.number} уже в статусе «Новый».` });
    expect(await changeOrderStatus(db(), "2026-999999", "paid")).toEqual({ ok: false, reason: "Заказ №2026-999999 не найден." });
    expect((await findOrderByNumber(db(), order.number))!.status).toBe("new");
  });

  it("puts the coins of a cancelled order back on sale in the same step", async () => {
    const order = await placeTestOrder(db(), {
      lines: [
        { productId: 2, quantity: 2 },
        { productId: 8, quantity: 1 },
      ],
    });
    const before = [await stockOf(2), await stockOf(8)];
    const change = await changeOrderStatus(db(), order.number, "cancelled");
    expect(change).toMatchObject({ ok: true, from: "awaiting_payment", to: "cancelled", refundNeeded: false });
    expect((change as { restocked: unknown[] }).restocked).toEqual([
      { sku: "AU-0002", name: expect.any(String), quantity: 2 },
      { sku: "AU-0008", name: expect.any(String), quantity: 1 },
    ]);
    expect([await stockOf(2), await stockOf(8)]).toEqual([before[0]! + 2, before[1]! + 1]);
    // Final: a second cancel does not put the coins back twice.
    expect((await changeOrderStatus(db(), order.number, "cancelled")).ok).toBe(false);
    expect([await stockOf(2), await stockOf(8)]).toEqual([before[0]! + 2, before[1]! + 1]);
  });

  it("says a cancelled order paid online needs a refund", async () => {
    const order = await placeTestOrder(db());
    const started = await startPayment(
      db(),
      createSandboxProvider(db(), { publicUrl: "https://shop.example" }),
      { id: order.orderId },
      { publicUrl: "https://shop.example" },
    );
    await completeSandboxPayment(db(), (started as { url: string }).url.split("/").pop()!, "pay", "https://shop.example");
    const change = await changeOrderStatus(db(), order.number, "cancelled");
    expect(change).toMatchObject({ ok: true, from: "paid", refundNeeded: true });
    expect(formatStatusChange(change as Extract<typeof change, { ok: true }>)).toMatch(
      /Оплачен → Отменён\.\nВозвращено в продажу: AU-0001 × 1\.\nЗаказ был оплачен онлайн/,
    );
  });
});

describe("cancelling an unpaid order with a payment under way", () => {
  const publicUrl = "https://shop.example";
  const sandbox = () => createSandboxProvider(db(), { publicUrl });
  const sandboxIdOf = (started: unknown) => (started as { url: string }).url.split("/").pop()!;

  it("cancels the sandbox payment: its page can no longer take the money", async () => {
    const order = await placeTestOrder(db());
    const started = await startPayment(db(), sandbox(), { id: order.orderId }, { publicUrl });
    const change = await changeOrderStatus(db(), order.number, "cancelled", { provider: sandbox() });
    expect(change).toMatchObject({ ok: true, from: "awaiting_payment", to: "cancelled", paymentsCancelled: 1, refunds: [] });
    expect(formatStatusChange(change as Extract<typeof change, { ok: true }>)).toContain("Неоплаченный платёж отменён: оплатить заказ больше нельзя");
    // The buyer still has the sandbox page open and presses 'Оплатить': nothing is taken.
    expect(await completeSandboxPayment(db(), sandboxIdOf(started), "pay", publicUrl)).toBe(`/thanks?order=${order.orderId}`);
    expect((await sandbox().getPayment(sandboxIdOf(started))).status).toBe("canceled");
    const shown = (await findOrderByNumber(db(), order.number))!;
    expect(shown.status).toBe("cancelled");
    expect(shown.payments).toEqual([expect.objectContaining({ status: "canceled", failureReason: "Заказ отменён — оплатить его нельзя." })]);
    expect(shown.refunds).toEqual([]);
  });

  it("refunds a payment that went through just before the cancellation reached the provider, and tells the operator", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const order = await placeTestOrder(db());
    const started = await startPayment(db(), sandbox(), { id: order.orderId }, { publicUrl });
    // Paid in the sandbox's book, the shop not told yet (its notification is late).
    await decideSandboxPayment(db(), sandboxIdOf(started), "pay");
    const change = await changeOrderStatus(db(), order.number, "cancelled", { provider: sandbox() });
    expect(change).toMatchObject({ ok: true, paymentsCancelled: 0, refunds: [expect.objectContaining({ status: "succeeded", amount: order.total })] });
    expect(formatStatusChange(change as Extract<typeof change, { ok: true }>)).toContain("деньги возвращаются покупателю");
    const [book] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, sandboxIdOf(started)));
    expect(book!.refundedAmount).toBe(order.total);
    expect(log.warn).toHaveBeenCalledWith("money returned to the buyer", expect.objectContaining({ orderId: order.orderId, amount: order.total }));
    const details = formatOrderDetails((await findOrderByNumber(db(), order.number))!);
    expect(details).toMatch(/Возвраты:\n .+sandbox  refund-[0-9a-f-]+  возврат выполнен  .+₽  заказ отменён, а платёж прошёл позже/);
    // The buyer is told of the refund with it.
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.orderId), eq(notifications.event, "refund_made")));
    expect(told.map((m) => `${m.audience} ${m.channel}`).sort()).toEqual(["buyer email", "buyer sms"]);
    expect(told.find((m) => m.channel === "sms")!.text).toMatch(new RegExp(`^Аурум: возврат [\\d\\s\\u00a0]+₽ по заказу №${order.number} оформлен\\.$`));
  });
});

describe("what each step leaves behind", () => {
  it("writes the order's history and the messages of each step in the same transaction", async () => {
    const order = await placeTestOrder(db(), { paymentId: 6 });
    await changeOrderStatus(db(), order.number, "assembling");
    expect((await changeOrderStatus(db(), order.number, "shipped")).ok).toBe(false);
    await changeOrderStatus(db(), order.number, "shipped", { trackingNumber: " 10-ab-2030 " });
    await changeOrderStatus(db(), order.number, "completed");

    const found = (await findOrderByNumber(db(), order.number))!;
    expect(found.trackingNumber).toBe("10-AB-2030");
    expect(found.history.map((step) => [step.status, step.note])).toEqual([
      ["new", ""],
      ["assembling", ""],
      ["shipped", "Трек-номер 10-AB-2030"],
      ["completed", ""],
    ]);
    const messages = await db().select().from(notifications).where(eq(notifications.orderId, order.orderId)).orderBy(asc(notifications.id));
    expect(messages.map((m) => `${m.event} ${m.audience} ${m.channel}`)).toEqual([
      "order_placed buyer sms",
      "order_placed buyer email",
      "order_shipped buyer sms",
      "order_shipped buyer email",
      "order_completed buyer email",
    ]);
    expect(messages.find((m) => m.event === "order_shipped" && m.channel === "sms")!.text).toBe(
      `Аурум: заказ №${order.number} отправлен. Трек-номер СДЭК: 10-AB-2030`,
    );
  });

  it("tells the buyer when the order is ready for pickup, and why it was cancelled", async () => {
    const ready = await placeTestOrder(db(), { paymentId: 6 });
    await changeOrderStatus(db(), ready.number, "assembling");
    await changeOrderStatus(db(), ready.number, "ready_for_pickup");
    const cancelled = await placeTestOrder(db());
    await changeOrderStatus(db(), cancelled.number, "cancelled", { reason: "монеты нет в наличии" });
    const texts = await db()
      .select({ event: notifications.event, text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.channel, "sms"), inArray(notifications.orderId, [ready.orderId, cancelled.orderId])));
    expect(texts).toEqual(
      expect.arrayContaining([
        { event: "order_ready_for_pickup", text: `Аурум: заказ №${ready.number} готов к выдаче. Возьмите паспорт.` },
        { event: "order_cancelled", text: `Аурум: заказ №${cancelled.number} отменён: монеты нет в наличии` },
      ]),
    );
    expect((await findOrderByNumber(db(), cancelled.number))!.cancelReason).toBe("монеты нет в наличии");
  });
});

describe("the steps by delivery kind", () => {
  const address = { street: "ул. Тверская", house: "д. 7", room: "12", entrance: "2", floor: "5", message: "" };
  const special = {
    id: 43,
    name: "Специальная доставка (оплата при получении)",
    type: "specialcontact",
    courier: true,
    point: null,
    pointAddress: null,
    address,
  };
  const courier = { id: 45, name: "Курьер СДЭК", type: "sdek", courier: true, point: null, pointAddress: null, address };

  async function assembled(options: Parameters<typeof placeTestOrder>[1]) {
    const order = await placeTestOrder(db(), options);
    if (options?.paymentId !== 6) expect((await changeOrderStatus(db(), order.number, "paid")).ok).toBe(true);
    expect((await changeOrderStatus(db(), order.number, "assembling")).ok).toBe(true);
    return order;
  }

  it("special delivery goes to the shop's own courier without a tracking number, never «ready for pickup», and the buyer hears that the shop will call", async () => {
    const order = await assembled({ paymentId: 6, delivery: special });
    expect(await changeOrderStatus(db(), order.number, "ready_for_pickup")).toEqual({
      ok: false,
      reason: `Заказ №${order.number} нельзя перевести из статуса «Собирается» в «Готов к выдаче». Возможно: «Отправлен», «Отменён».`,
    });
    expect((await changeOrderStatus(db(), order.number, "shipped")).ok).toBe(true);
    const shown = (await findOrderByNumber(db(), order.number))!;
    expect(shown.trackingNumber).toBeNull();
    expect(shown.history.at(-1)).toMatchObject({ status: "shipped", note: "Передан курьеру магазина" });
    const [sms] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.orderId), eq(notifications.event, "order_shipped"), eq(notifications.channel, "sms")));
    expect(sms!.text).toBe(`Аурум: заказ №${order.number} передан курьеру магазина. Мы позвоним, чтобы договориться о времени доставки.`);
  });

  it("a CDEK courier order is shipped with a tracking number and is not offered «ready for pickup»", async () => {
    const order = await assembled({ delivery: courier });
    expect((await changeOrderStatus(db(), order.number, "ready_for_pickup")).ok).toBe(false);
    expect(await changeOrderStatus(db(), order.number, "shipped")).toEqual({ ok: false, reason: trackingNumberMessages.required(order.number) });
    expect((await changeOrderStatus(db(), order.number, "shipped", { trackingNumber: "1234567890" })).ok).toBe(true);
  });

  it("office pickup waits at the office and is never shipped", async () => {
    const order = await assembled({ delivery: officePickupDelivery });
    expect((await changeOrderStatus(db(), order.number, "shipped", { trackingNumber: "1234567890" })).ok).toBe(false);
    expect((await changeOrderStatus(db(), order.number, "ready_for_pickup")).ok).toBe(true);
    const [sms] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.orderId), eq(notifications.event, "order_ready_for_pickup"), eq(notifications.channel, "sms")));
    expect(sms!.text).toContain("готов к выдаче в офисе: Москва, ул. Мясницкая");
  });

  it("takes a tracking number pasted with spaces, without them", async () => {
    const order = await assembled({});
    expect((await changeOrderStatus(db(), order.number, "shipped", { trackingNumber: " 1234 5678\u00a090 " })).ok).toBe(true);
    expect((await findOrderByNumber(db(), order.number))!.trackingNumber).toBe("1234567890");
  });
});

describe("the operator's lists", () => {
  it("lists the newest first, filtered by status and limited", async () => {
    const first = await placeTestOrder(db());
    const second = await placeTestOrder(db(), { paymentId: 6 });
    const newest = await listOrdersForOperator(db(), { limit: 2 });
    expect(newest.map((order) => order.number)).toEqual([second.number, first.number]);
    const onlyNew = await listOrdersForOperator(db(), { status: "new" });
    expect(onlyNew.length).toBeGreaterThan(0);
    expect(onlyNew.every((order) => order.status === "new")).toBe(true);
    expect(formatOrderRow(newest[0]!)).toMatch(
      new RegExp(`^${second.number}  \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d  Новый  .+₽  оплата при получении  Петров Иван \\+79\\d{9}  Москва$`),
    );
  });

  it("shows one order with its coins, totals and payment attempts", async () => {
    const order = await placeTestOrder(db(), { deliveryTotal: 300 });
    await startPayment(db(), createSandboxProvider(db(), { publicUrl: "https://shop.example" }), { id: order.orderId }, { publicUrl: "https://shop.example" });
    const found = await findOrderByNumber(db(), ` ${order.number} `);
    expect(found).toMatchObject({ id: order.orderId, lines: [{ productId: 1, quantity: 1 }], payments: [{ provider: "sandbox", status: "pending" }] });
    const text = formatOrderDetails(found!);
    expect(text).toContain(`Заказ №${order.number}: Ожидает оплаты`);
    expect(text).toMatch(/AU-0001 {2}.+ × 1 по .+₽ = .+₽/);
    expect(text).toContain("доставка: 300");
    expect(text).toMatch(/sandbox {2}[0-9a-f-]{36} {2}pending/);
    expect(await findOrderByNumber(db(), "2026-999999")).toBeUndefined();
  });
});
