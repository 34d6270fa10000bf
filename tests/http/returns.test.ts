// Returns by law (ЗоЗПП ст. 26.1, decision 057), with JavaScript off: a buyer asks to return pieces of
// a received order within the period counted in Moscow days; staff approve, receive the coins (back on
// sale only «в продаваемом виде») and give the money back through the order's own refund (its
// «возврат прихода» receipt), or refuse with a reason the buyer sees. The buyer hears of every step.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "#app/modules/db/client.server.ts";
import { orderEvents, orderLines, products, refunds, returnRequests } from "#app/modules/db/schema.ts";
import { changeOrderStatus } from "#app/modules/orders/operator.server.ts";
import { completeSandboxPayment, latestPayment, startPayment } from "#app/modules/orders/payments.server.ts";
import { createSandboxProvider } from "#app/modules/payments/sandbox.server.ts";
import { addDays, moscowDate } from "#app/modules/quotes/calendar.ts";
import { listReceipts } from "#app/modules/receipts/receipts.server.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { newPhone, signIn } from "#tests/support/buyer.ts";
import { readEmails } from "#tests/support/email-outbox.ts";
import { textByTestId } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import { buyerSessions, postReturnStep } from "#tests/support/returns.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { addStaffMembers } from "#tests/support/staff.ts";

const PUBLIC_URL = "https://shop.example";
/** Georgiy Pobedonosets 50 roubles and a Soviet chervonets. */
const GEORGIY = 1;
const CHERVONETS = 8;
const spaces = (text: string | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");
const money = (amount: number) => spaces(formatMoney(amount));
/** "05.12.2026" of a Moscow "2026-12-05". */
const dayText = (date: string) => date.split("-").reverse().join(".");

type Line = { id: number; name: string; price: number; quantity: number };
type Received = TestOrder & { lines: Line[] };

/** A paid order of two Georgiy and one chervonets, handed over (completed) at `receivedAt`. */
async function receivedOrder(db: Database, receivedAt: Date): Promise<Received> {
  const order = await placeTestOrder(db, {
    lines: [
      { productId: GEORGIY, quantity: 2 },
      { productId: CHERVONETS, quantity: 1 },
    ],
  });
  const provider = createSandboxProvider(db, { publicUrl: PUBLIC_URL });
  const started = await startPayment(db, provider, { id: order.orderId }, { publicUrl: PUBLIC_URL });
  if (started.kind !== "redirect") throw new Error(`payment not started: ${started.reason}`);
  await completeSandboxPayment(db, (await latestPayment(db, order.orderId))!.providerPaymentId!, "pay", PUBLIC_URL);
  for (const to of ["assembling", "ready_for_pickup", "completed"] as const) expect((await changeOrderStatus(db, order.number, to)).ok).toBe(true);
  // The day of receipt is moved instead of waiting out the period (decision 038).
  await db
    .update(orderEvents)
    .set({ createdAt: receivedAt })
    .where(and(eq(orderEvents.orderId, order.orderId), eq(orderEvents.status, "completed")));
  const lines = await db
    .select({ id: orderLines.id, name: orderLines.name, price: orderLines.price, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.orderId))
    .orderBy(asc(orderLines.id));
  return { ...order, lines };
}

describe("returns by law (ЗоЗПП ст. 26.1)", () => {
  const managerPhone = newPhone();
  const today = moscowDate(new Date());
  let inTime: Received;
  let late: Received;
  let refused: Received;
  let stockBefore: Map<number, number>;
  const fixture = runningShop({
    email: true,
    env: { NOTIFY_POLL_INTERVAL_MS: "200", RETURN_ADDRESS: "101000, г. Москва, ул. Возвратная, д. 1" },
    timeoutMs: 300_000,
    prepare: async (database) => {
      await addStaffMembers(database, [{ phone: managerPhone.typed, role: "manager", name: "Менеджер" }]);
      await database.use(async ({ db }) => {
        // Received just after midnight seven Moscow days ago: more than 7×24 hours, still within the 7 days (the last is today).
        inTime = await receivedOrder(db, new Date(`${addDays(today, -7)}T00:05:00+03:00`));
        // Received late on the eighth day back: the period ended at Moscow midnight last night.
        late = await receivedOrder(db, new Date(`${addDays(today, -8)}T23:55:00+03:00`));
        refused = await receivedOrder(db, new Date(`${addDays(today, -1)}T12:00:00+03:00`));
        stockBefore = new Map((await db.select({ id: products.id, stock: products.stock }).from(products)).map((row) => [row.id, row.stock]));
      });
    },
  });

  const buyerOf = buyerSessions(fixture);
  let staff: ShopClient | undefined;
  const manager = async () => (staff ??= await fixture.staff(managerPhone));

  const step = async (id: number, fields: Record<string, string>) => postReturnStep(await manager(), id, fields);

  const latestRequestId = (page: string) => Number(/Заявка №(\d+)/.exec(spaces(textByTestId(page, "return-request")))![1]);

  it("offers «Оформить возврат» until the end of the seventh Moscow day after receipt, and not a day later", async () => {
    const buyer = await buyerOf(inTime);
    const orderPage = await buyer.html(`/my/orders/${inTime.orderId}`);
    expect(spaces(textByTestId(orderPage, "order-return"))).toBe(`Оформить возврат до ${dayText(today)} включительно`);
    const form = await buyer.html(`/my/orders/${inTime.orderId}/return`);
    expect(spaces(textByTestId(form, "return-terms"))).toContain("в течение 7 дней после дня получения заказа");
    expect(spaces(textByTestId(form, "return-terms"))).toContain("101000, г. Москва, ул. Возвратная, д. 1");

    // The same terms, from the settings, on /return.
    const page = spaces(textByTestId(await fixture.client().html("/return"), "return-terms"));
    expect(page).toContain("в течение 7 дней после дня получения заказа");
    expect(page).toContain("101000, г. Москва, ул. Возвратная, д. 1");

    const lateBuyer = await buyerOf(late);
    expect(textByTestId(await lateBuyer.html(`/my/orders/${late.orderId}`), "order-return")).toBeUndefined();
    const closed = await lateBuyer.html(`/my/orders/${late.orderId}/return`);
    expect(spaces(textByTestId(closed, "return-closed"))).toContain(`Срок возврата истёк ${dayText(addDays(today, -1))}`);
    const posted = await lateBuyer.postForm(`/my/orders/${late.orderId}/return`, { [`qty-${late.lines[0]!.id}`]: "1", reason: "Передумал", handover: "bring" });
    expect(posted.status).toBe(400);
    expect(spaces(posted.text)).toContain(`Срок возврата истёк ${dayText(addDays(today, -1))}`);
  });

  it("refuses someone else's order as not found, more pieces than bought, and nothing chosen", async () => {
    const stranger = await buyerOf(late);
    const foreign = await stranger.postForm(`/my/orders/${inTime.orderId}/return`, { [`qty-${inTime.lines[0]!.id}`]: "1", reason: "Чужой", handover: "bring" });
    expect(foreign.status).toBe(404);
    expect((await stranger.get(`/my/orders/${inTime.orderId}/return`)).status).toBe(404);

    const buyer = await buyerOf(inTime);
    const [georgiy, chervonets] = inTime.lines as [Line, Line];
    const tooMany = await buyer.postForm(`/my/orders/${inTime.orderId}/return`, { [`qty-${georgiy.id}`]: "3", reason: "Не подошли", handover: "bring" });
    expect(tooMany.status).toBe(400);
    expect(spaces(tooMany.text)).toContain(`«${georgiy.name}»: вернуть можно не больше 2 шт.`);
    // A line of another order is no line of this one.
    const otherLine = await buyer.postForm(`/my/orders/${inTime.orderId}/return`, {
      [`qty-${late.lines[0]!.id}`]: "1",
      reason: "Не подошли",
      handover: "bring",
    });
    expect(spaces(otherLine.text)).toContain("В заказе нет такой строки");
    const none = await buyer.postForm(`/my/orders/${inTime.orderId}/return`, { [`qty-${chervonets.id}`]: "0", reason: "Не подошли", handover: "send" });
    expect(spaces(none.text)).toContain("Выберите монеты и количество для возврата.");
    const noReason = await buyer.postForm(`/my/orders/${inTime.orderId}/return`, { [`qty-${chervonets.id}`]: "1", reason: "", handover: "moon" });
    expect(noReason.status).toBe(400);
    expect(spaces(noReason.text)).toContain("Напишите, почему возвращаете");
    expect(spaces(noReason.text)).toContain("Выберите, как передадите монеты");
    expect(textByTestId(await buyer.html(`/my/orders/${inTime.orderId}/return`), "return-request")).toBeUndefined();
  });

  it("takes one Georgiy of two at the order's price, once; staff approve, receive it for sale and refund it through the order's refund", async () => {
    const buyer = await buyerOf(inTime);
    const [georgiy] = inTime.lines as [Line, Line];
    const href = `/my/orders/${inTime.orderId}/return`;
    const made = await buyer.postForm(href, { [`qty-${georgiy.id}`]: "1", amount: "999999", reason: "Не подошла", handover: "bring", comment: "" });
    expect([made.status, made.headers.get("location")]).toEqual([303, href]);
    let page = await buyer.html(href);
    const id = latestRequestId(page);
    expect(spaces(textByTestId(page, "flash"))).toBe(`Заявка на возврат №${id} отправлена. Мы ответим в течение рабочего дня.`);
    expect(spaces(textByTestId(page, "return-status"))).toBe("Новая");
    expect(spaces(textByTestId(page, "return-amount"))).toBe(money(georgiy.price));
    // One open request per order: the second is refused.
    const again = await buyer.postForm(href, { [`qty-${georgiy.id}`]: "1", reason: "Ещё раз", handover: "bring" });
    expect(again.status).toBe(400);
    expect(spaces(textByTestId(again.text, "return-closed"))).toContain("уже есть заявка на возврат");

    expect(spaces(textByTestId(await (await manager()).html("/admin"), "returns-new"))).toMatch(/^Новые заявки на возврат\s*1$/);
    expect(spaces(textByTestId(await (await manager()).html("/admin/returns?status=new"), "returns"))).toContain(`№${id}`);
    expect(await step(id, { intent: "refund" })).toBe("Заявка в статусе «Новая»: этот шаг сейчас невозможен.");
    expect(await step(id, { intent: "approve" })).toBe("Возврат одобрен; покупателю придут SMS и письмо с адресом.");
    expect(spaces(textByTestId(await (await manager()).html(`/admin/returns/${id}`), "return-refund-by"))).toBe(
      `${dayText(addDays(today, 10))} включительно (10 дней со дня заявки)`,
    );
    const approvedSms = await waitFor(
      async () => (await readSmsNotices(fixture.smsOutbox, inTime.phone)).find((message) => message.text.includes("одобрен")),
      (found) => found !== undefined,
      10_000,
      "the buyer's approval SMS",
    );
    expect(spaces(approvedSms!.text)).toBe(`Аурум: возврат по заказу №${inTime.number} одобрен. Передайте монеты: 101000, г. Москва, ул. Возвратная, д. 1.`);
    // Its e-mail, like every e-mail of an order, ends with the terms made from the settings.
    const approvedEmail = await waitFor(
      async () =>
        (await readEmails(fixture.emailOutbox)).find((email) => email.subject.startsWith(`Заявка на возврат №${id} по заказу №${inTime.number} одобрена`)),
      (found) => found !== undefined,
      10_000,
      "the buyer's approval e-mail",
    );
    expect(spaces(approvedEmail!.text)).toContain(
      "Возврат: в течение 7 дней после получения, если монеты сохранили товарный вид; заявка — в личном кабинете на странице заказа, монеты — по адресу: 101000, г. Москва, ул. Возвратная, д. 1",
    );
    expect(await step(id, { intent: "receive", sellable: "yes" })).toBe("Монеты получены и снова в продаже.");
    expect(await step(id, { intent: "refund" })).toBe(`Возврат ${money(georgiy.price)} отправлен в платёжный сервис; покупателю придут SMS и письмо.`);
    // The order's page in the back office links the request, and its refunds list the money given back.
    const orderPage = await (await manager()).html(`/admin/orders/${inTime.number}`);
    expect(spaces(textByTestId(orderPage, "order-returns"))).toContain(`Возврат №${id}: Деньги возвращены, ${money(georgiy.price)}`);
    expect(spaces(textByTestId(orderPage, "order-refunds"))).toContain(`${georgiy.name} × 1`);
    page = await buyer.html(href);
    expect(spaces(textByTestId(page, "return-status"))).toBe("Деньги возвращены");
    // The next request offers the Georgiy left, not the one given back.
    expect(spaces(textByTestId(page, "return-form"))).toContain(`${georgiy.name}, ${money(georgiy.price)} за шт. (можно вернуть до 1 шт.)`);
    const refundSms = await waitFor(
      async () => (await readSmsNotices(fixture.smsOutbox, inTime.phone)).find((message) => message.text.includes("оформлен")),
      (found) => found !== undefined,
      10_000,
      "the buyer's refund SMS",
    );
    expect(spaces(refundSms!.text)).toBe(`Аурум: возврат ${money(georgiy.price)} по заказу №${inTime.number} оформлен.`);
  });

  it("puts coins not in sellable condition nowhere, and refunds them all the same", async () => {
    const buyer = await buyerOf(inTime);
    const [, chervonets] = inTime.lines as [Line, Line];
    const href = `/my/orders/${inTime.orderId}/return`;
    expect((await buyer.postForm(href, { [`qty-${chervonets.id}`]: "1", reason: "Не нужен", handover: "send" })).status).toBe(303);
    const id = latestRequestId(await buyer.html(href));
    expect(await step(id, { intent: "approve" })).toContain("Возврат одобрен");
    expect(await step(id, { intent: "receive" })).toBe("Отметьте, в продаваемом ли виде монеты");
    expect(await step(id, { intent: "receive", sellable: "no" })).toBe("Монеты получены; в продажу они не возвращены.");
    expect(await step(id, { intent: "refund" })).toBe(`Возврат ${money(chervonets.price)} отправлен в платёжный сервис; покупателю придут SMS и письмо.`);
  });

  it("shows the buyer a refused request with its reason, and lets them ask again", async () => {
    const buyer = await buyerOf(refused);
    const [georgiy] = refused.lines as [Line, Line];
    const href = `/my/orders/${refused.orderId}/return`;
    expect((await buyer.postForm(href, { [`qty-${georgiy.id}`]: "2", reason: "Дорого", handover: "bring" })).status).toBe(303);
    const id = latestRequestId(await buyer.html(href));
    expect(await step(id, { intent: "refuse", refusal: "" })).toBe("Напишите причину отказа");
    expect(await step(id, { intent: "refuse", refusal: "Капсула вскрыта, товарный вид не сохранён" })).toBe("В возврате отказано; покупатель получит причину.");
    const page = await buyer.html(href);
    expect(spaces(textByTestId(page, "return-status"))).toBe("Отказ");
    expect(spaces(textByTestId(page, "return-refusal"))).toBe("Капсула вскрыта, товарный вид не сохранён");
    expect(textByTestId(page, "return-form")).toBeDefined();
    const sms = await waitFor(
      async () => (await readSmsNotices(fixture.smsOutbox, refused.phone)).find((message) => message.text.includes("отказано")),
      (found) => found !== undefined,
      10_000,
      "the buyer's refusal SMS",
    );
    expect(spaces(sms!.text)).toBe(`Аурум: в возврате по заказу №${refused.number} отказано: Капсула вскрыта, товарный вид не сохранён.`);
  });

  it("makes one request of two posted at once (another tab, a double press): the order is locked while it is written", async () => {
    const buyer = await buyerOf(refused);
    const [georgiy, chervonets] = refused.lines as [Line, Line];
    const href = `/my/orders/${refused.orderId}/return`;
    const answers = await Promise.all([
      buyer.postForm(href, { [`qty-${georgiy.id}`]: "1", reason: "Первая вкладка", handover: "bring" }),
      buyer.postForm(href, { [`qty-${chervonets.id}`]: "1", reason: "Вторая вкладка", handover: "send" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
    const page = await buyer.html(href);
    expect(spaces(textByTestId(page, "return-closed"))).toContain("уже есть заявка на возврат");
  });

  it("keeps the record: the refunds by line with their «возврат прихода» receipts, the stock back only for sellable coins", async () => {
    await fixture.shop.stop();
    const [georgiy, chervonets] = inTime.lines as [Line, Line];
    const { rows, receipts, requests, stock } = await fixture.database.use(async ({ db }) => ({
      rows: await db.select().from(refunds).where(eq(refunds.orderId, inTime.orderId)).orderBy(asc(refunds.id)),
      receipts: (await listReceipts(db, inTime.orderId)).filter((receipt) => receipt.type === "refund"),
      requests: await db.select().from(returnRequests).orderBy(asc(returnRequests.id)),
      stock: new Map((await db.select({ id: products.id, stock: products.stock }).from(products)).map((row) => [row.id, row.stock])),
    }));
    expect(rows.map((row) => [row.amount, row.status, row.lines?.map((line) => [line.name, line.quantity])])).toEqual([
      [georgiy.price, "succeeded", [[georgiy.name, 1]]],
      [chervonets.price, "succeeded", [[chervonets.name, 1]]],
    ]);
    expect(receipts.map((receipt) => [receipt.status, receipt.total])).toEqual([
      ["succeeded", georgiy.price],
      ["succeeded", chervonets.price],
    ]);
    expect(requests.map((request) => [request.orderId, request.status, request.amount, request.sellable, request.refundId])).toEqual([
      [inTime.orderId, "refunded", georgiy.price, true, rows[0]!.id],
      [inTime.orderId, "refunded", chervonets.price, false, rows[1]!.id],
      [refused.orderId, "refused", georgiy.price * 2, null, null],
      [refused.orderId, "new", expect.any(Number), null, null],
    ]);
    expect(stock.get(GEORGIY)! - stockBefore.get(GEORGIY)!).toBe(1);
    expect(stock.get(CHERVONETS)).toBe(stockBefore.get(CHERVONETS));
  });
});

describe("returns switched off (RETURNS_ACCEPTED=false)", () => {
  let received: Received;
  const fixture = runningShop({
    env: { RETURNS_ACCEPTED: "false" },
    timeoutMs: 300_000,
    prepare: async (database) => {
      received = await database.use(({ db }) => receivedOrder(db, new Date()));
    },
  });

  it("offers no form, says to phone on /return and the order's page, and refuses a post", async () => {
    const terms = spaces(textByTestId(await fixture.client().html("/return"), "return-terms"));
    expect(terms).toContain("Сейчас магазин не принимает заявки на возврат через сайт");
    expect(terms).not.toContain("в течение 7 дней");
    const buyer = fixture.client();
    await buyer.get("/");
    await signIn(buyer, fixture.smsOutbox, received.phone);
    expect(textByTestId(await buyer.html(`/my/orders/${received.orderId}`), "order-return")).toBeUndefined();
    const href = `/my/orders/${received.orderId}/return`;
    expect(spaces(textByTestId(await buyer.html(href), "return-closed"))).toContain("не принимает заявки на возврат через сайт");
    const posted = await buyer.postForm(href, { [`qty-${received.lines[0]!.id}`]: "1", reason: "Не подошла", handover: "bring" });
    expect(posted.status).toBe(400);
    expect(textByTestId(await buyer.html(href), "return-request")).toBeUndefined();
  });
});
