// Companies and ИП paying by invoice, with JavaScript off: the checkout's «Покупаю как организация
// или ИП» with its ИНН checked, «Оплата по счёту» and no card payment above CARD_PAYMENT_MAX_RUB;
// the invoice PDF (its text parsed) for the owner only, linked from the e-mail; the back office
// marking an invoice paid and applying a bank statement (one exact payment, one of a wrong sum, one
// unknown, one listed twice) so that the order is paid once; statements in the wrong encoding or
// for another account refused with nothing changed; the УПД; an unpaid invoice cancelled at its
// deadline; no 54-FZ receipt for a company's transfer.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bankStatements, notifications, orderEvents, orders, products, receipts, statementPayments } from "#app/modules/db/schema.ts";
import { includedVat, invoiceSum } from "#app/modules/invoices/invoice.ts";
import { changeOrderStatus, findOrderByNumber, formatOrderDetails } from "#app/modules/orders/operator.server.ts";
import { expireOverdueOrders } from "#app/modules/orders/expiry.server.ts";
import { PAYMENT_EXPIRED_REASON } from "#app/modules/orders/lifecycle.server.ts";
import { encodeSingleByte } from "#app/modules/shared/single-byte-encoding.ts";
import { type Buyer, latestOrderId, newPhone, pickupOrderFields, postCheckoutForm, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { type StatementDocument, statementFile } from "#tests/support/bank-statement-file.ts";
import { readEmails } from "#tests/support/email-outbox.ts";
import { byTestId, findByTestId, inputValue, radioValues, selectAll, textByTestId, textContent, textOf } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { waitFor } from "#tests/support/network.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { fileOutboxSettings } from "#tests/support/shop-settings.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";

/** The demo seller's bank account (config/invoice-settings.ts): statements must be for it. */
const SHOP_ACCOUNT = "40702810200000012345";
const OTHER_ACCOUNT = "40702810938000099999";
const CARD_LIMIT = 60_000;
/** An investment coin of the Bank of Russia (no VAT) and a Soviet chervonets (VAT included). */
const EXEMPT_COIN = 1;
const TAXED_COIN = 8;
const silver = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");

const company = {
  inn: "7707083893",
  kpp: "773601001",
  name: "ООО «Ромашка»",
  legalAddress: "117312, г. Москва, ул. Вавилова, д. 19",
  contactPerson: "Петров Иван Ильич",
};
const companyFields = (details: Partial<typeof company> = {}) => {
  const typed = { ...company, ...details };
  return {
    companyBlock: "1",
    asCompany: "1",
    companyInn: typed.inn,
    companyKpp: typed.kpp,
    companyName: typed.name,
    companyAddress: typed.legalAddress,
    companyContact: typed.contactPerson,
  };
};

let database: ShopDatabase;
let shop: Shop | undefined;
let scratch: string;
let smsOutbox: string;
let emailOutbox: string;
const manager = newPhone();
const secondManager = newPhone();
let staff: ShopClient;
let otherStaff: ShopClient;
let buyer: Buyer;

const shownTotal = (page: string) => (JSON.parse(inputValue(page, "shown")!) as number[]).at(-1)!;
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

async function fillCart(client: ShopClient, lines: Array<[number, number]>): Promise<string> {
  for (const [productId, quantity] of lines) {
    expect((await client.postForm("/cart", { intent: "add", productId: String(productId), quantity: String(quantity) })).status).toBe(303);
  }
  return client.html("/checkout");
}

/** A file download with the client's cookies, as bytes (the client reads bodies as text). */
async function download(client: ShopClient, pathname: string): Promise<{ status: number; type: string; bytes: Uint8Array }> {
  const url = `${client.baseUrl}${pathname}`;
  const response = await fetch(url, { headers: { cookie: await client.jar.getCookieString(url) }, redirect: "manual" });
  return { status: response.status, type: response.headers.get("content-type") ?? "", bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return plain(text);
}

/** The flash notice the next page shows after a redirect. */
async function noticeAfter(client: ShopClient, response: { status: number; headers: Headers }): Promise<{ location: string; text: string }> {
  expect(response.status).toBe(303);
  const location = response.headers.get("location")!;
  return { location, text: plain(textContent(await client.html(location))) };
}

/** A statement of the shop's account (or another), the payer the company of these orders unless told. */
const statementText = (documents: StatementDocument[], account = SHOP_ACCOUNT) => statementFile(documents, { account });

function uploadStatement(client: ShopClient, bytes: Uint8Array, name = "kl_to_1c.txt") {
  const form = new FormData();
  form.set("intent", "statement");
  form.set("statement", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "text/plain" }));
  return client.postMultipart("/admin/invoices", form);
}

const rubles = (total: number) => `${total}.00`;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-invoices-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  emailOutbox = path.join(scratch, "email.jsonl");
  database = await createShopDatabase();
  await addStaffMembers(database, [
    { phone: manager.typed, role: "manager", name: "Тест менеджер" },
    { phone: secondManager.typed, role: "manager", name: "Второй менеджер" },
  ]);
  shop = await database.start({
    ...fileOutboxSettings({ sms: smsOutbox, email: emailOutbox }),
    NOTIFY_POLL_INTERVAL_MS: "200",
    CARD_PAYMENT_MAX_RUB: String(CARD_LIMIT),
  });
  staff = await signedInStaff(shop.url, smsOutbox, manager);
  otherStaff = await signedInStaff(shop.url, smsOutbox, secondManager);
  buyer = await signedInBuyer(shop.url, smsOutbox);
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

/** Orders the test placed, by what they are for. */
const placed: Record<"exact" | "wrongSum" | "byHand" | "overdue", { id: number; number: string; total: number; page: string }> = {} as never;

async function placeCompanyOrder(lines: Array<[number, number]>): Promise<{ id: number; number: string; total: number; page: string }> {
  const page = await fillCart(buyer.client, lines);
  const done = await postCheckoutForm(buyer.client, page, { ...pickupOrderFields(buyer, page), ...companyFields(), paymentId: "7", intent: "place" });
  expect(done.status).toBe(303);
  expect(done.headers.get("location")).toMatch(/^\/thanks\?order=\d+$/);
  const id = await latestOrderId(buyer.client);
  const thanks = await buyer.client.html(done.headers.get("location")!);
  expect(plain(textByTestId(thanks, "thanks-invoice")!)).toBe(
    "Скачайте счёт на оплату и оплатите его банковским переводом: соберём заказ, когда деньги поступят на наш счёт.",
  );
  const orderPage = await buyer.client.html(`/my/orders/${id}`);
  return { id, number: textByTestId(orderPage, "order-number")!.replace("№", ""), total: shownTotal(page), page };
}

describe("the checkout for a company", () => {
  it("offers «Покупаю как организация или ИП» and «Оплата по счёту» beside card payment for a small order", async () => {
    const page = await fillCart(buyer.client, [[silver, 1]]);
    expect(shownTotal(page)).toBeLessThanOrEqual(CARD_LIMIT);
    expect(findByTestId(page, "company-fields")).toHaveLength(1);
    expect(plain(textContent(page))).toContain("Покупаю как организация или ИП");
    expect(radioValues(page, "paymentId")).toEqual(["4", "7"]);
    expect(findByTestId(page, "card-limit-note")).toHaveLength(0);
    // Emptied again for the orders below.
    expect(
      (await buyer.client.postForm("/checkout", { token: inputValue(page, "token")!, shown: inputValue(page, "shown")!, removeLine: String(silver) })).status,
    ).toBe(303);
  });

  it("above the card limit offers no card payment, says why, and refuses an order posted with it", async () => {
    const page = await fillCart(buyer.client, [
      [EXEMPT_COIN, 2],
      [TAXED_COIN, 1],
    ]);
    expect(shownTotal(page)).toBeGreaterThan(CARD_LIMIT);
    expect(radioValues(page, "paymentId")).toEqual(["7"]);
    expect(plain(textByTestId(page, "card-limit-note")!)).toMatch(/^Заказ дороже 60 000 ₽ нельзя оплатить картой/);
    const refused = await postCheckoutForm(buyer.client, page, { ...pickupOrderFields(buyer, page), paymentId: "4", intent: "place" });
    expect(refused.headers.get("location")).toBe("/checkout#order-error");
    expect(plain(textContent(await buyer.client.html("/checkout")))).toContain("нельзя оплатить картой: такие платежи упираются в лимиты карт");
    expect(/\/my\/orders\/\d+/.test(await buyer.client.html("/my/orders"))).toBe(false);
  });

  it("refuses the invoice without company details, and a ИНН whose check digits are wrong, placing nothing", async () => {
    let page = await buyer.client.html("/checkout");
    const noCompany = await postCheckoutForm(buyer.client, page, { ...pickupOrderFields(buyer, page), companyBlock: "1", paymentId: "7", intent: "place" });
    expect(noCompany.headers.get("location")).toBe("/checkout#form-errors");
    page = await buyer.client.html("/checkout");
    expect(plain(textContent(page))).toContain("Оплата по счёту — для организаций и ИП: отметьте «Покупаю как организация или ИП»");

    const badInn = await postCheckoutForm(buyer.client, page, {
      ...pickupOrderFields(buyer, page),
      ...companyFields({ inn: "7707083894" }),
      paymentId: "7",
      intent: "place",
    });
    expect(badInn.headers.get("location")).toBe("/checkout#form-errors");
    page = await buyer.client.html("/checkout");
    expect(plain(textContent(page))).toContain("ИНН с ошибкой: проверьте цифры (контрольное число не сходится)");
    // What was typed stays on the form, the box ticked.
    expect(inputValue(page, "companyInn")).toBe("7707083894");
    const ip = await postCheckoutForm(buyer.client, page, {
      ...pickupOrderFields(buyer, page),
      ...companyFields({ inn: "500100732259" }),
      paymentId: "7",
      intent: "place",
    });
    expect(ip.headers.get("location")).toBe("/checkout#form-errors");
    expect(plain(textContent(await buyer.client.html("/checkout")))).toContain("У ИП нет КПП: оставьте поле пустым");
    expect(/\/my\/orders\/\d+/.test(await buyer.client.html("/my/orders"))).toBe(false);
  });

  it("places the company's order to be paid by invoice: awaiting payment, the invoice on the order page", async () => {
    placed.exact = await placeCompanyOrder([]);
    const orderPage = await buyer.client.html(`/my/orders/${placed.exact.id}`);
    expect(plain(textByTestId(orderPage, "order-invoice")!)).toMatch(
      /Счёт на оплату для ООО «Ромашка», ИНН 7707083893\. Оплатите его банковским переводом до \d\d\.\d\d\.\d{4} включительно, иначе заказ будет отменён\./,
    );
    expect(plain(textContent(orderPage))).toContain("Ожидает оплаты");
  });

  it("prints the invoice as a PDF holding the seller's bank, the buyer, the lines with their VAT and the total in words", async () => {
    const file = await download(buyer.client, `/my/orders/${placed.exact.id}/invoice`);
    expect([file.status, file.type]).toEqual([200, "application/pdf"]);
    const text = await pdfText(file.bytes);
    expect(text).toContain(`Счёт на оплату № ${placed.exact.number} от`);
    for (const expected of [
      "БИК",
      "044525225",
      SHOP_ACCOUNT,
      "30101810400000000225",
      "ИНН 7701999993",
      "ООО «Ромашка», ИНН 7707083893, КПП 773601001",
      "Без НДС",
      "22%",
    ])
      expect(text).toContain(expected);
    expect(text).toContain(`Всего к оплате: ${invoiceSum(placed.exact.total * 100)}`);
    expect(text).toMatch(new RegExp(`В том числе НДС 22%: [\\d ]+,\\d\\d`));
    const vat = /В том числе НДС 22%: ([\d ]+,\d\d)/.exec(text)![1]!;
    // The chervonets's line carries the VAT, the exempt coins none: the VAT is the taxed line's 22/122.
    const [lines] = JSON.parse(inputValue(placed.exact.page, "shown")!) as [Array<[number, number, number]>];
    const taxedKopecks = lines.find(([id]) => id === TAXED_COIN)![2] * 100;
    const exemptKopecks = lines.find(([id]) => id === EXEMPT_COIN)![2] * 100;
    expect(text).toContain(`Червонец «Сеятель» 10 рублей (1975–1982)`);
    expect(text).toContain(invoiceSum(exemptKopecks * 2));
    expect(vat).toBe(invoiceSum(includedVat(taxedKopecks, 22)));
    expect(text).toMatch(/рубл(ь|я|ей) 00 копеек/);
  });

  it("keeps the invoice to its buyer: another buyer and a private order get a 404", async () => {
    const stranger = await signedInBuyer(shop!.url, smsOutbox);
    expect((await download(stranger.client, `/my/orders/${placed.exact.id}/invoice`)).status).toBe(404);
    expect((await download(staff, `/admin/orders/${placed.exact.number}/invoice`)).type).toBe("application/pdf");
  });

  it("tells the buyer by SMS and e-mail, the e-mail linking the invoice", async () => {
    const email = await waitFor(
      async () =>
        (await readEmails(emailOutbox)).find((message) => message.to === buyer.email && message.subject.startsWith(`Заказ №${placed.exact.number} принят`)),
      Boolean,
      15_000,
      "the order e-mail",
    );
    expect(email!.text).toContain(`/my/orders/${placed.exact.id}/invoice`);
    expect(email!.text).toContain(`Счёт на оплату №${placed.exact.number}`);
    expect(email!.html).toContain("Скачать счёт на оплату (PDF)");
    const sms = await waitFor(
      async () => (await readSmsNotices(smsOutbox, buyer.phone.normal)).find((message) => message.text.includes(`№${placed.exact.number}`)),
      Boolean,
      15_000,
      "the order SMS",
    );
    expect(sms!.text).toMatch(/Оплатите его банковским переводом до \d\d\.\d\d\.\d{4} включительно/);
  });
});

describe("invoices paid from a bank statement", () => {
  let statementPage = "";
  let statementLocation = "";
  let statement: Uint8Array;

  it("places two more invoice orders and lists all three as awaiting payment", async () => {
    placed.wrongSum = await placeCompanyOrder([[EXEMPT_COIN, 1]]);
    placed.byHand = await placeCompanyOrder([[TAXED_COIN, 1]]);
    placed.overdue = await placeCompanyOrder([[EXEMPT_COIN, 1]]);
    const page = await staff.html("/admin/invoices");
    const listed = plain(textByTestId(page, "open-invoices")!);
    for (const order of Object.values(placed)) expect(listed).toContain(`№${order.number}`);
  });

  it("refuses a statement in another encoding or for another account, with a Russian message and nothing stored", async () => {
    const utf8 = new TextEncoder().encode(
      statementText([{ number: "1", sum: rubles(placed.exact.total), purpose: `Оплата по счёту № ${placed.exact.number}` }]),
    );
    const wrongEncoding = await noticeAfter(staff, await uploadStatement(staff, utf8));
    expect(wrongEncoding.location).toBe("/admin/invoices");
    expect(wrongEncoding.text).toContain("Выписка не в кодировке Windows-1251");
    const other = encodeSingleByte(
      statementText([{ number: "1", sum: rubles(placed.exact.total), purpose: `Оплата по счёту № ${placed.exact.number}` }], OTHER_ACCOUNT),
      "windows-1251",
    );
    const otherAccount = await noticeAfter(staff, await uploadStatement(staff, new Uint8Array(other)));
    expect(otherAccount.location).toBe("/admin/invoices");
    expect(otherAccount.text).toContain(`Выписка по счёту ${OTHER_ACCOUNT}, а счёт магазина ${SHOP_ACCOUNT}`);
    expect(plain(textContent(await buyer.client.html(`/my/orders/${placed.exact.id}`)))).toContain("Ожидает оплаты");
  });

  it("shows each payment matched: the exact one, a wrong sum, an unknown one and the exact one listed twice", async () => {
    statement = new Uint8Array(
      encodeSingleByte(
        statementText([
          { number: "101", sum: rubles(placed.exact.total), purpose: `Оплата по счёту № ${placed.exact.number} от 26.11.2026, НДС не облагается` },
          { number: "102", sum: rubles(placed.wrongSum.total - 1000), purpose: `Оплата по сч. ${placed.wrongSum.number}` },
          { number: "103", sum: "5000.00", payer: "ИП Сидоров", payerInn: "500100732259", purpose: "Оплата за монеты по договору" },
          { number: "101", sum: rubles(placed.exact.total), purpose: `Оплата по счёту № ${placed.exact.number} от 26.11.2026, НДС не облагается` },
        ]),
        "windows-1251",
      ),
    );
    const uploaded = await uploadStatement(staff, statement);
    expect(uploaded.status).toBe(303);
    statementLocation = uploaded.headers.get("location")!;
    expect(statementLocation).toMatch(/^\/admin\/invoices\/statements\/\d+$/);
    statementPage = await staff.html(statementLocation);
    const kinds = selectAll(statementPage, "tr[data-kind]").map((row) => row.attribs["data-kind"]);
    expect(kinds).toEqual(["matched", "wrong-amount", "unknown", "applied-before"]);
    expect(byTestId(statementPage, "payment-match").map((cell) => plain(textOf(cell)))).toEqual([
      "Совпадает: счёт и сумма",
      "Сумма не совпадает",
      "Счёт не найден",
      "Уже проведён",
    ]);
    // The exact one ticked, the wrong sum offered unticked, the others not offered.
    const boxes = selectAll(statementPage, 'input[name^="apply"]');
    expect(boxes.map((box) => "checked" in box.attribs)).toEqual([true, false]);
  });

  it("applies the ticked payments once: the exact invoice paid, the wrong sum not", async () => {
    const keys = selectAll(statementPage, 'input[name^="apply"]').map((box) => box.attribs.value!);
    // Two members of staff press «Провести» at once (one of them posting the payment twice): it is applied once.
    const [mine, theirs] = await Promise.all([
      staff.postForm(statementLocation, { "apply-0": keys[0]!, "apply-1": keys[0]! }),
      otherStaff.postForm(statementLocation, { "apply-0": keys[0]! }),
    ]);
    const notices = [(await noticeAfter(staff, mine)).text, (await noticeAfter(otherStaff, theirs)).text];
    expect(notices.filter((text) => text.includes(`Проведено платежей: 1. Оплачены заказы: №${placed.exact.number}.`))).toHaveLength(1);
    expect(notices.filter((text) => text.includes("Ничего не проведено"))).toHaveLength(1);
    expect(plain(textContent(await buyer.client.html(`/my/orders/${placed.exact.id}`)))).toContain("Оплачен");
    // The same post again (a double submit) and the same file uploaded again apply nothing.
    const again = await noticeAfter(staff, await staff.postForm(statementLocation, { "apply-0": keys[0]! }));
    expect(again.text).toContain("Ничего не проведено");
    const second = await uploadStatement(staff, statement);
    const secondPage = await staff.html(second.headers.get("location")!);
    expect(selectAll(secondPage, "tr[data-kind]").map((row) => row.attribs["data-kind"])).toEqual([
      "applied-before",
      "wrong-amount",
      "unknown",
      "applied-before",
    ]);
    expect(plain(textContent(await buyer.client.html(`/my/orders/${placed.wrongSum.id}`)))).toContain("Ожидает оплаты");
  });

  it("tells the buyer the invoice is paid, once", async () => {
    const paid = await waitFor(
      async () =>
        (await readEmails(emailOutbox)).filter((message) => message.to === buyer.email && message.subject.startsWith(`Заказ №${placed.exact.number} оплачен`)),
      (found) => found.length > 0,
      15_000,
      "the paid e-mail",
    );
    expect(paid).toHaveLength(1);
  });

  it("lets staff mark an invoice paid by hand, audited, and refuses it a second time", async () => {
    const page = await staff.html(`/admin/orders/${placed.byHand.number}`);
    expect(plain(textByTestId(page, "order-company")!)).toContain("7707083893/773601001");
    const version = inputValue(page, "version")!;
    const marked = await noticeAfter(staff, await staff.postForm("/admin/invoices", { intent: "paid", number: placed.byHand.number, version, from: "order" }));
    expect(marked.location).toBe(`/admin/orders/${placed.byHand.number}`);
    expect(marked.text).toContain(`Счёт по заказу №${placed.byHand.number} отмечен оплаченным`);
    const twice = await noticeAfter(
      staff,
      await staff.postForm("/admin/invoices", { intent: "paid", number: placed.byHand.number, version: String(Number(version) + 1) }),
    );
    expect(twice.text).toContain(`Счёт по заказу №${placed.byHand.number} не ждёт оплаты`);
  });

  it("prints the УПД (status 1) with the invoice's lines and total", async () => {
    const upd = await staff.html(`/admin/orders/${placed.exact.number}/upd`);
    expect(plain(textByTestId(upd, "upd-status")!)).toContain("1 — счёт-фактура и передаточный документ");
    expect(plain(textByTestId(upd, "upd-total")!)).toBe(invoiceSum(placed.exact.total * 100));
    expect(plain(textByTestId(upd, "upd-buyer")!)).toBe(company.name);
    // A manager without the order's company gets a 404, not an empty document.
    expect((await staff.get("/admin/orders/2026-999999/upd")).status).toBe(404);
  });
});

describe("after the shop stops", () => {
  it("has recorded each payment once, cancels an unpaid invoice at its deadline and issues no receipt for a transfer", async () => {
    await shop!.stop();
    shop = undefined;
    await database.use(async ({ db }) => {
      // The operator's `npm run orders -- show` names the company.
      expect(formatOrderDetails((await findOrderByNumber(db, placed.exact.number))!)).toContain("Организация: ООО «Ромашка», ИНН 7707083893/773601001\nГород:");
      const applied = await db.select().from(statementPayments);
      expect(applied.map((row) => row.paymentNumber)).toEqual(["101"]);
      expect(await db.select({ id: bankStatements.id }).from(bankStatements)).toHaveLength(2);
      const paidSteps = await db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, placed.exact.id), eq(orderEvents.status, "paid")));
      expect(paidSteps).toHaveLength(1);
      const audits = (await db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
      expect(audits.filter((action) => action === "invoice.statement-payment")).toHaveLength(1);
      expect(audits.filter((action) => action === "invoice.statement-upload")).toHaveLength(2);
      expect(audits.filter((action) => action === "invoice.paid")).toHaveLength(1);

      // The invoice's deadline passed: cancelled like an unpaid online order, its coin back on sale.
      const [before] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, EXEMPT_COIN));
      const [overdue] = await db.select().from(orders).where(eq(orders.id, placed.overdue.id));
      expect(overdue!.status).toBe("awaiting_payment");
      const expired = await expireOverdueOrders(db, new Date(overdue!.paymentDueAt!.getTime() + 1000));
      // Placed the same day, the invoice of the wrong sum is due at the same moment.
      expect(expired.toSorted()).toEqual([placed.wrongSum.number, placed.overdue.number].toSorted());
      const [after] = await db.select({ status: orders.status, cancelReason: orders.cancelReason }).from(orders).where(eq(orders.id, placed.overdue.id));
      expect(after).toEqual({ status: "cancelled", cancelReason: PAYMENT_EXPIRED_REASON });
      const [restocked] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, EXEMPT_COIN));
      expect(restocked!.stock).toBe(before!.stock + 2);
      // The buyer is told why, by SMS and e-mail, through the outbox.
      const told = await db
        .select({ channel: notifications.channel })
        .from(notifications)
        .where(and(eq(notifications.orderId, placed.overdue.id), eq(notifications.event, "order_cancelled"), eq(notifications.audience, "buyer")));
      expect(told.map((row) => row.channel).toSorted()).toEqual(["email", "sms"]);

      // Handed over: a company's transfer needs no 54-FZ receipt from the shop.
      for (const to of ["assembling", "ready_for_pickup", "completed"] as const) expect((await changeOrderStatus(db, placed.exact.number, to)).ok).toBe(true);
      expect(await db.select().from(receipts).where(eq(receipts.orderId, placed.exact.id))).toEqual([]);
    });
  });
});
