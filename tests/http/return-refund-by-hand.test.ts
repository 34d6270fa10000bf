// The money of a return for an order not paid online (decision 061), with JavaScript off: an order
// paid on receipt or by invoice has no payment the service can refund, so staff give the money back
// in cash at the office (the office register's «возврат прихода» receipt) or by bank transfer to the
// account the buyer gave, and record it on the return's page: one transaction with the order's row
// locked, the request refunded with it, the buyer told how and when the money went.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "#app/modules/db/client.server.ts";
import { auditLog, orderEvents, orderLines, orders, receipts, refunds, returnRequests } from "#app/modules/db/schema.ts";
import { changeOrderStatus } from "#app/modules/orders/operator.server.ts";
import { PAYMENT_IDS } from "#app/modules/payments/methods.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { newPhone } from "#tests/support/buyer.ts";
import { inputValue, textByTestId } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import { buyerSessions, postReturnStep } from "#tests/support/returns.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { addStaffMembers } from "#tests/support/staff.ts";

const GEORGIY = 1;
const CHERVONETS = 8;
const SBER_BIK = "044525225";
/** A company's account at Sberbank whose control key agrees with the БИК. */
const COMPANY_ACCOUNT = "40702810938000012345";
const spaces = (text: string | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");
const money = (amount: number) => spaces(formatMoney(amount));

type Line = { id: number; name: string; price: number };
type Received = TestOrder & { lines: Line[] };

/**
 * A completed order of two Georgiy and one chervonets paid on receipt (the buyer paid the courier),
 * or by invoice: its invoice and bank statement are invoices.test.ts's; here the order is marked
 * as paid by invoice, the one fact the refund reads, and walked to «Выполнен».
 */
async function receivedOrder(db: Database, paidBy: "receipt" | "invoice"): Promise<Received> {
  const order = await placeTestOrder(db, {
    paymentId: 6,
    lines: [
      { productId: GEORGIY, quantity: 2 },
      { productId: CHERVONETS, quantity: 1 },
    ],
  });
  if (paidBy === "invoice") await db.update(orders).set({ paymentId: PAYMENT_IDS.invoice }).where(eq(orders.id, order.orderId));
  for (const to of ["assembling", "ready_for_pickup", "completed"] as const) expect((await changeOrderStatus(db, order.number, to)).ok).toBe(true);
  await db
    .update(orderEvents)
    .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
    .where(and(eq(orderEvents.orderId, order.orderId), eq(orderEvents.status, "completed")));
  const lines = await db
    .select({ id: orderLines.id, name: orderLines.name, price: orderLines.price })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.orderId))
    .orderBy(asc(orderLines.id));
  return { ...order, lines };
}

describe("money back by hand for a return of an order paid on receipt or by invoice (decision 061)", () => {
  const managerPhone = newPhone();
  let onReceipt: Received;
  let byInvoice: Received;
  const fixture = runningShop({
    env: { NOTIFY_POLL_INTERVAL_MS: "200" },
    timeoutMs: 300_000,
    prepare: async (database) => {
      await addStaffMembers(database, [{ phone: managerPhone.typed, role: "manager", name: "Менеджер" }]);
      await database.use(async ({ db }) => {
        onReceipt = await receivedOrder(db, "receipt");
        byInvoice = await receivedOrder(db, "invoice");
      });
    },
  });

  let staff: ShopClient | undefined;
  const manager = async () => (staff ??= await fixture.staff(managerPhone));
  const buyerOf = buyerSessions(fixture);

  /** The buyer asks to return `pieces` of the line; staff approve it and receive the coins fit for sale. Answers the request's id. */
  async function receivedReturn(order: Received, line: Line, pieces: number): Promise<number> {
    const buyer = await buyerOf(order);
    const href = `/my/orders/${order.orderId}/return`;
    expect((await buyer.postForm(href, { [`qty-${line.id}`]: String(pieces), reason: "Не подошла", handover: "bring" })).status).toBe(303);
    const id = Number(/Заявка №(\d+)/.exec(spaces(textByTestId(await buyer.html(href), "return-request")))![1]);
    expect(await step(id, { intent: "approve" })).toContain("Возврат одобрен");
    expect(await step(id, { intent: "receive", sellable: "yes" })).toBe("Монеты получены и снова в продаже.");
    return id;
  }

  const step = async (id: number, fields: Record<string, string>) => postReturnStep(await manager(), id, fields);

  const statusOf = async (id: number) => spaces(textByTestId(await (await manager()).html(`/admin/returns/${id}`), "return-status"));
  const cashRequest: { id?: number } = {};

  it("gives a returned on-receipt order's money in cash at the office, with the register's receipt, once; the buyer sees how and when", async () => {
    const [georgiy] = onReceipt.lines as [Line, Line];
    const id = await receivedReturn(onReceipt, georgiy, 2);
    const page = await (await manager()).html(`/admin/returns/${id}`);
    expect(spaces(textByTestId(page, "refund-cash"))).toContain(`Выдано наличными: ${money(georgiy.price * 2)}`);
    expect(spaces(textByTestId(page, "refund-transfer"))).toContain("Отправлено переводом");

    // The payment service's refund has nothing to give back; hostile or empty fields are refused in Russian.
    expect(await step(id, { intent: "refund" })).toBe("По заказу нет оплаты, которую можно вернуть.");
    expect(await step(id, { intent: "refund_cash", amount: "-100", receipt: "3849561023" })).toBe("Сумма возврата должна быть больше нуля");
    expect(await step(id, { intent: "refund_cash", amount: String(georgiy.price), receipt: "3849561023" })).toBe(
      "Сумма не сходится с заявкой: обновите страницу.",
    );
    expect(await step(id, { intent: "refund_cash", amount: String(georgiy.price * 2), receipt: " " })).toBe(
      "Укажите фискальный признак или номер чека «возврат прихода»",
    );
    expect(await statusOf(id)).toBe("Монеты получены");

    // A double press: two posts of the same page at once give the money once; the second is refused as stale.
    const client = await manager();
    const href = `/admin/returns/${id}`;
    const version = inputValue(await client.html(href), "version")!;
    const fields = { version, intent: "refund_cash", amount: String(georgiy.price * 2), receipt: "3849561023" };
    const answers = await Promise.all([client.postForm(href, fields), client.postForm(href, fields)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(await statusOf(id)).toBe("Деньги возвращены");
    cashRequest.id = id;
    // Once refunded the page offers no step; the old page posted again is refused.
    expect(textByTestId(await client.html(href), "refund-cash")).toBeUndefined();
    await client.postForm(href, fields);
    expect(spaces(textByTestId(await client.html(href), "flash"))).toBe("Заявка уже изменена, обновите страницу");

    const buyerPage = await (await buyerOf(onReceipt)).html(`/my/orders/${onReceipt.orderId}/return`);
    expect(spaces(textByTestId(buyerPage, "return-status"))).toBe("Деньги возвращены");
    expect(spaces(textByTestId(buyerPage, "return-money-back"))).toMatch(
      /^\d\d\.\d\d\.\d{4}, \d\d:\d\d\. Деньги выданы наличными в кассе офиса, чек «возврат прихода» № 3849561023\.$/,
    );
    const sms = await waitFor(
      async () => (await readSmsNotices(fixture.smsOutbox, onReceipt.phone)).find((message) => message.text.includes("наличными")),
      (found) => found !== undefined,
      10_000,
      "the buyer's refund SMS",
    );
    expect(spaces(sms!.text)).toBe(
      `Аурум: возврат ${money(georgiy.price * 2)} по заказу №${onReceipt.number}: деньги выданы наличными в кассе офиса, чек «возврат прихода» № 3849561023.`,
    );
  });

  it("sends an invoice order's money by transfer to the company's account checked against its bank, and refuses a typo", async () => {
    const [, chervonets] = byInvoice.lines as [Line, Line];
    const id = await receivedReturn(byInvoice, chervonets, 1);
    const transfer = (fields: Record<string, string>) =>
      step(id, {
        intent: "refund_transfer",
        amount: String(chervonets.price),
        recipient: "ООО «Нумизмат»",
        bik: SBER_BIK,
        account: COMPANY_ACCOUNT,
        paymentOrder: "118",
        paidOn: new Date().toISOString().slice(0, 10),
        ...fields,
      });
    expect(await transfer({ account: COMPANY_ACCOUNT.slice(1) })).toBe("Счёт получателя — 20 цифр");
    expect(await transfer({ account: `${COMPANY_ACCOUNT.slice(0, 19)}6` })).toBe("Счёт не сходится с БИК по контрольному ключу: проверьте счёт и БИК");
    expect(await transfer({ bik: "04452522" })).toBe("БИК — 9 цифр");
    expect(await transfer({ paymentOrder: "" })).toBe("Укажите номер платёжного поручения");
    expect(await statusOf(id)).toBe("Монеты получены");

    // A line of another order posted with it changes nothing: the pieces are the request's own.
    expect(await transfer({ [`qty-${onReceipt.lines[1]!.id}`]: "1" })).toBe(`Возврат ${money(chervonets.price)} записан; покупателю придут сообщения.`);
    const buyerPage = await (await buyerOf(byInvoice)).html(`/my/orders/${byInvoice.orderId}/return`);
    expect(spaces(textByTestId(buyerPage, "return-money-back"))).toContain(
      `Деньги отправлены переводом на счёт …2345 (ООО «Нумизмат»), платёжное поручение № 118 от ${new Date().toISOString().slice(0, 10).split("-").reverse().join(".")}.`,
    );
    // The back office's order page lists the money given back with the order's refunds.
    expect(spaces(textByTestId(await (await manager()).html(`/admin/orders/${byInvoice.number}`), "order-refunds"))).toContain(`${chervonets.name} × 1`);
  });

  it("keeps the record: refunds by hand with no payment and no receipt of the shop's, audited, within what was paid", async () => {
    await fixture.shop.stop();
    const { rows, refundReceipts, audit, requests } = await fixture.database.use(async ({ db }) => ({
      rows: await db.select().from(refunds).orderBy(asc(refunds.id)),
      requests: await db.select().from(returnRequests).orderBy(asc(returnRequests.id)),
      refundReceipts: await db.select().from(receipts).where(eq(receipts.type, "refund")),
      audit: await db.select().from(auditLog).where(eq(auditLog.action, "order.refund")).orderBy(asc(auditLog.id)),
    }));
    expect(rows.map((row) => [row.orderId, row.amount, row.manual?.method, row.lines?.map((line) => [line.name, line.quantity])])).toEqual([
      [onReceipt.orderId, onReceipt.lines[0]!.price * 2, "cash", [[onReceipt.lines[0]!.name, 2]]],
      [byInvoice.orderId, byInvoice.lines[1]!.price, "transfer", [[byInvoice.lines[1]!.name, 1]]],
    ]);
    // One refund of the double press, without a payment, done when recorded; each request refunded with its row.
    expect(rows.map((row) => [row.provider, row.status, row.paymentId])).toEqual([
      ["manual", "succeeded", null],
      ["manual", "succeeded", null],
    ]);
    expect(rows[0]!.manual).toEqual({ method: "cash", receipt: "3849561023" });
    expect(requests.map((request) => [request.id, request.status, request.refundId])).toEqual([
      [cashRequest.id, "refunded", rows[0]!.id],
      [expect.any(Number), "refunded", rows[1]!.id],
    ]);
    // The office register prints the cash receipt; a bank transfer's refund has its own payment order.
    expect(refundReceipts).toEqual([]);
    expect(audit.map((row) => [row.entity, (row.after as { manual?: { method: string } }).manual?.method])).toEqual([
      [`order:${onReceipt.number}`, "cash"],
      [`order:${byInvoice.number}`, "transfer"],
    ]);
  });
});
