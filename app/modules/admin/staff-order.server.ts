import { randomUUID } from "node:crypto";
import { offeredPickupDays } from "../pickup/pickup.server.ts";
import { parseSlotKey } from "../pickup/slots.ts";
import { and, asc, eq, ilike, isNull, or } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { deliveryLookup, filterPoints, findOption, orderDeliveryRecord, parcelOf, POINT_LIST_LIMIT } from "../checkout/checkout.server.ts";
import { getConfig } from "../config/config.server.ts";
import { identificationOfCheckout, needsIdentification, saveIdentification } from "../compliance/identification.server.ts";
import { identificationSchema, maskedIdentification } from "../compliance/identification.ts";
import { ensureConsent } from "../consents/consents.server.ts";
import { activePromotions } from "../content/promotions.server.ts";
import { moscowToday } from "../content/dates.ts";
import type { Database } from "../db/client.server.ts";
import { orderChannels, products, users, type User } from "../db/schema.ts";
import { getDeliveryProvider } from "../delivery/delivery.server.ts";
import { MOSCOW_CODE, pointKindOf, type PickupPoint } from "../delivery/provider.ts";
import { chooseDeliveryItem, defaultCheckoutDelivery, DELIVERY_IDS } from "../delivery/rules.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { emailField, namePartField } from "../forms/fields.ts";
import { readForm } from "../forms/read-form.ts";
import { normalizeName } from "../forms/person-name.ts";
import { pieceLimit } from "../lists/limits.ts";
import { summarizeLines } from "../lists/summary.server.ts";
import { readTypedQuantity } from "../lists/typed-quantity.ts";
import { placeOrder } from "../orders/place-order.server.ts";
import { mayPayBy, PAYMENT_IDS, staffPaymentWays } from "../payments/methods.ts";
import { paymentWindowText } from "../payments/deadline.ts";
import { formatPhone, normalizePhone } from "../phone/phone.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { formatMoney } from "../shared/format.ts";
import { isShopOpen, readSalesSetting } from "../shop/status.server.ts";
import { staffActorContext, staffContext } from "../staff/context.ts";
import { emptyStaffOrderDraft, readPaymentId, readStaffOrderDraft, STAFF_ORDER_LIMITS, type StaffOrderDraft, staffOrderHref } from "./staff-order-draft.ts";
import { companySchema } from "../invoices/company.ts";
import type { OrderCompany } from "../db/column-values.ts";

/**
 * /admin/orders/new: an order a member of staff takes by phone, messenger or in the office. The
 * page only gathers the buyer, the coins and the delivery; the order is placed by placeOrder, the
 * one function the web checkout places with (prices, stock, caps, holds, 115-FZ, messages).
 */

export const staffOrderTexts = {
  companyDetails: (reason: string) => `Реквизиты для счёта: ${reason}`,
  buyerNotFound: "Покупателя с таким телефоном нет — создайте его ниже.",
  badPhone: "Введите телефон полностью: +7 и 10 цифр, можно с 8, пробелами и скобками.",
  buyerChosen: "Покупатель выбран",
  buyerCreated: "Покупатель создан",
  buyerExisted: "Покупатель с этим телефоном уже есть: выбран он, пустые имя и e-mail дополнены.",
  unknownBuyer: "Покупатель не найден",
  unknownCoin: "Монета не найдена или снята с продажи",
  tooManyLines: `В одном заказе не больше ${STAFF_ORDER_LIMITS.lines} разных монет`,
  coinAdded: (name: string, quantity: number) => `«${name}» × ${quantity} в заказе`,
  coinRemoved: (name: string) => `«${name}» убрана из заказа`,
  noBuyer: "Сначала выберите или создайте покупателя",
  noCoins: "Добавьте в заказ хотя бы одну монету",
  buyerNameMissing: "У покупателя не указаны имя и фамилия: дополните их в форме «Новый покупатель» с его телефоном.",
  unknownCity: "Город не найден: найдите его поиском",
  unknownDelivery: "Выберите способ доставки из предложенных",
  choosePoint: "Выберите пункт выдачи из списка",
  needAddress: "Для курьера укажите улицу и дом",
  badPayment: "Этот способ оплаты недоступен для выбранной доставки",
  lineProblem: (name: string, problem: string) => `«${name}»: ${problem}`,
  pricesChanged: "Цены изменились с момента расчёта: проверьте новые цены и подтвердите заказ ещё раз.",
  deliveryChanged: "Стоимость доставки изменилась: проверьте заказ и подтвердите ещё раз.",
  identificationSaved: "Данные документа сохранены, согласие покупателя записано",
  identificationNeeded: "Заказ от этой суммы требует идентификации покупателя (115-ФЗ): внесите данные документа, которые продиктует покупатель.",
  placed: (number: string, online: boolean) =>
    online
      ? `Заказ №${number} оформлен. Покупателю отправлены SMS и письмо со ссылкой на оплату.`
      : `Заказ №${number} оформлен. Покупателю отправлены SMS и письмо, оплата при получении.`,
  existing: (number: string) => `Этот заказ уже оформлен: №${number}`,
} as const;

/** The page's two searches list at most this many. */
const FOUND_LIMIT = 20;

const literal = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Coins on sale by a part of the name or SKU, or the 1C Ид exactly. */
export async function coinsForStaffOrder(db: Database, query: string) {
  const q = query.trim().slice(0, 80);
  if (!q) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.status, "active"), or(ilike(products.name, `%${literal(q)}%`), ilike(products.sku, `%${literal(q)}%`), eq(products.exchangeId, q))))
    .orderBy(asc(products.name), asc(products.id))
    .limit(FOUND_LIMIT);
  const { maxPiecesPerCoin } = getConfig().orders;
  return rows.map((row) => ({ id: row.id, name: row.name, sku: row.sku, stock: row.stock, limit: pieceLimit(row, maxPiecesPerCoin) }));
}

/** A buyer's account (not a deleted one) by its id or its phone. */
async function findBuyer(db: Database, by: { id: number } | { phone: string }): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and("id" in by ? eq(users.id, by.id) : eq(users.phone, by.phone), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

const buyerById = (db: Database, id: number) => findBuyer(db, { id });

async function quotes() {
  const service = await getQuotesService();
  return { rates: service.rates(), time: service.current()?.time ?? null, fresh: service.isFresh() };
}

/** The city the draft delivers to: its own, else the buyer's last one, else Moscow. */
function cityOf(draft: StaffOrderDraft, buyer: User | undefined): string {
  if (draft.city) return draft.city;
  const saved = (buyer?.buyProfile as { locinfo?: { code?: unknown } } | undefined)?.locinfo?.code;
  return typeof saved === "string" && /^\d{1,10}$/.test(saved) ? saved : MOSCOW_CODE;
}

/** Everything the order would be placed on now: coins priced as the cart prices them, the delivery as checkout offers it. */
export async function deliveryQuote(db: Database, draft: StaffOrderDraft, buyer?: User, options: { pointFilter?: string } = {}) {
  const provider = getDeliveryProvider();
  const [{ rates, time, fresh }, promotions] = await Promise.all([quotes(), activePromotions(db)]);
  const summary = await summarizeLines(
    db,
    draft.lines.map(([productId, quantity]) => ({ productId, quantity })),
    rates,
  );
  const lookup = deliveryLookup(provider, parcelOf(summary), promotions);
  const cityCode = cityOf(draft, buyer);
  const [city, offered] = await Promise.all([provider.city(cityCode).catch(() => undefined), lookup.offered(cityCode)]);
  const chosen = draft.delivery === null ? null : findOption(offered.groups, draft.delivery);
  let points: { list: PickupPoint[]; total: number; selected: PickupPoint | null } | null = null;
  if (chosen && pointKindOf(chosen.id)) {
    const all = await lookup.points(cityCode, chosen.id);
    const selected = all.find((point) => point.code === draft.point) ?? null;
    const filtered = filterPoints(all, options.pointFilter ?? "");
    const list = filtered.slice(0, POINT_LIST_LIMIT);
    if (selected && !list.includes(selected)) list.unshift(selected);
    points = { list, total: filtered.length, selected };
  }
  const state = chosen ? chooseDeliveryItem(defaultCheckoutDelivery(), chosen) : null;
  const deliveryPrice = chosen?.price ?? null;
  return {
    summary,
    city: city ? { code: city.code, name: city.name, fullName: city.fullName } : null,
    groups: offered.groups,
    deliveryError: offered.error,
    chosen,
    state,
    points,
    totals: { goods: summary.totalPrice, delivery: deliveryPrice, total: summary.totalPrice + (deliveryPrice ?? 0) },
    quotedAt: time,
    quotesFresh: fresh,
    rates,
  };
}

/** The company an invoice is made out to, checked as the checkout checks it. */
function invoiceCompanyOf(draft: StaffOrderDraft): { ok: true; company: OrderCompany } | { ok: false; reason: string } {
  const parsed = companySchema.safeParse(draft.company);
  if (!parsed.success) return { ok: false, reason: [...new Set(parsed.error.issues.map((issue) => issue.message))].join("; ") };
  return { ok: true, company: parsed.data };
}

/** What stops the order from being placed as the draft stands, in Russian; empty when it can be. */
function problemsOf(draft: StaffOrderDraft, buyer: User | undefined, quote: Awaited<ReturnType<typeof deliveryQuote>>): string[] {
  const problems: string[] = [];
  if (!buyer) problems.push(staffOrderTexts.noBuyer);
  else if (!buyer.name.trim() || !buyer.lastName.trim()) problems.push(staffOrderTexts.buyerNameMissing);
  if (quote.summary.lines.length === 0) problems.push(staffOrderTexts.noCoins);
  for (const line of quote.summary.lines) if (line.problem) problems.push(staffOrderTexts.lineProblem(line.product.name, line.problem));
  if (quote.deliveryError) problems.push(quote.deliveryError);
  else if (!quote.chosen) problems.push(staffOrderTexts.unknownDelivery);
  else {
    if (quote.points && !quote.points.selected) problems.push(staffOrderTexts.choosePoint);
    if (quote.state?.courier && (!draft.street.trim() || !draft.house.trim())) problems.push(staffOrderTexts.needAddress);
    if (quote.state && !mayPayBy(draft.payment, { ...quote.state, total: quote.totals.total }, getConfig().invoices.cardPaymentMaxRub))
      problems.push(staffOrderTexts.badPayment);
    else if (draft.payment === PAYMENT_IDS.invoice) {
      const company = invoiceCompanyOf(draft);
      if (!company.ok) problems.push(staffOrderTexts.companyDetails(company.reason));
    }
  }
  return problems;
}

/** The page: a new draft gets its token first (a redirect), so every form of the page carries one. */
export async function loadStaffOrderPage(context: Readonly<RouterContextProvider>, url: URL) {
  const draft = readStaffOrderDraft(url.searchParams);
  if (!draft) throw redirect(staffOrderHref(emptyStaffOrderDraft(`staff-${randomUUID()}`)));
  const { db } = context.get(databaseContext);
  const buyer = draft.buyer === null ? undefined : await buyerById(db, draft.buyer);
  const phoneQuery = (url.searchParams.get("phone") ?? "").slice(0, 40);
  const coinQuery = (url.searchParams.get("coin") ?? "").slice(0, 80);
  const cityQuery = (url.searchParams.get("cityq") ?? "").trim().slice(0, 60);
  const pointFilter = (url.searchParams.get("pvz") ?? "").slice(0, 60);
  let buyerSearch: { query: string; found: Pick<User, "id" | "phone" | "name" | "lastName" | "email"> | null; message: string | null } | null = null;
  if (phoneQuery.trim()) {
    const phone = normalizePhone(phoneQuery);
    const found = phone ? await findBuyer(db, { phone }) : undefined;
    buyerSearch = {
      query: phoneQuery,
      found: found ? { id: found.id, phone: found.phone, name: found.name, lastName: found.lastName, email: found.email } : null,
      message: !phone ? staffOrderTexts.badPhone : found ? null : staffOrderTexts.buyerNotFound,
    };
  }
  const quote = await deliveryQuote(db, draft, buyer, { pointFilter });
  const step = url.searchParams.get("step") === "confirm" ? "confirm" : "edit";
  const problems = problemsOf(draft, buyer, quote);
  const identification =
    buyer && quote.chosen
      ? {
          needed: await needsIdentification(db, { userId: buyer.id, total: quote.totals.total, paymentId: draft.payment }),
          given: await identificationOfCheckout(db, buyer.id, draft.token),
        }
      : { needed: false, given: null };
  const window = paymentWindowText(getConfig().orders.paymentTimeoutMinutes);
  return {
    draft,
    buyer: buyer ? { id: buyer.id, phone: buyer.phone, name: buyer.name, lastName: buyer.lastName, secondName: buyer.secondName, email: buyer.email } : null,
    buyerSearch,
    coinQuery,
    coins: await coinsForStaffOrder(db, coinQuery),
    cityQuery,
    cities: cityQuery
      ? await getDeliveryProvider()
          .searchCities(cityQuery)
          .catch(() => [])
      : null,
    pointFilter,
    lines: quote.summary.lines.map((line) => ({
      id: line.product.id,
      name: line.product.name,
      sku: line.product.sku,
      quantity: line.quantity,
      stock: line.product.stock,
      limit: line.limit,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
      problem: line.problem,
    })),
    city: quote.city,
    groups: quote.groups,
    deliveryError: quote.deliveryError,
    chosen: quote.chosen,
    points: quote.points,
    pickupMinutes: getConfig().pickup.slotMinutes,
    /** Office pickup: the days and slots with free places, for the time agreed with the buyer. */
    pickupDays:
      quote.chosen?.id === DELIVERY_IDS.officePickup
        ? (await offeredPickupDays(db)).map((day) => ({
            day: day.day,
            label: day.label,
            slots: day.slots.map(({ key, label, free }) => ({ key, label, free })),
          }))
        : null,
    payments: staffPaymentWays(
      { specialDelivery: quote.state?.specialDelivery ?? false, total: quote.totals.total },
      getConfig().invoices.cardPaymentMaxRub,
      window,
    ),
    totals: quote.totals,
    quotedAt: quote.quotedAt,
    problems,
    identification,
    step: step === "confirm" && problems.length === 0 ? ("confirm" as const) : ("edit" as const),
    channels: orderChannels,
  };
}

export type StaffOrderPage = Awaited<ReturnType<typeof loadStaffOrderPage>>;

const idField = z.coerce.number({ error: "Обновите страницу" }).int().positive();
const postedText = (max: number) => z.string().trim().max(max, `Не больше ${max} символов`).optional().default("");

/** The page's forms, told apart by the button's intent. */
export const staffOrderFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("buyer"), buyerId: idField }),
    z.object({
      intent: z.literal("create-buyer"),
      lastName: namePartField(true),
      name: namePartField(true),
      secondName: namePartField(false).optional().default(""),
      phone: z
        .string({ error: staffOrderTexts.badPhone })
        .transform((value, ctx) => normalizePhone(value) ?? (ctx.addIssue({ code: "custom", message: staffOrderTexts.badPhone }), z.NEVER)),
      email: emailField,
    }),
    z.object({ intent: z.literal("add"), productId: idField, quantity: z.string().optional().default("1") }),
    z.object({ intent: z.literal("quantity"), productId: idField, quantity: z.string().optional().default("") }),
    z.object({ intent: z.literal("remove"), productId: idField }),
    z.object({ intent: z.literal("city"), city: z.string().regex(/^\d{1,10}$/, staffOrderTexts.unknownCity) }),
    z.object({
      intent: z.literal("delivery"),
      deliveryId: z.coerce.number({ error: staffOrderTexts.unknownDelivery }).int(),
      pointCode: z.string().max(40).optional(),
      pickupSlot: z.string().max(16).optional(),
      street: postedText(STAFF_ORDER_LIMITS.street),
      house: postedText(STAFF_ORDER_LIMITS.house),
      room: postedText(STAFF_ORDER_LIMITS.room),
      paymentId: z.coerce.number({ error: staffOrderTexts.badPayment }).int(),
      companyInn: postedText(STAFF_ORDER_LIMITS.inn),
      companyKpp: postedText(STAFF_ORDER_LIMITS.kpp),
      companyName: postedText(STAFF_ORDER_LIMITS.companyName),
      companyLegalAddress: postedText(STAFF_ORDER_LIMITS.legalAddress),
      companyContactPerson: postedText(STAFF_ORDER_LIMITS.contactPerson),
      channel: z.enum(orderChannels, { error: "Выберите, откуда заказ" }),
      comment: postedText(STAFF_ORDER_LIMITS.comment),
    }),
    z.object({ intent: z.literal("place"), seenGoods: z.coerce.number().int(), seenDelivery: z.coerce.number().int() }),
  ],
  { error: "Неизвестное действие" },
);

/** The fields' names as the page labels them: a message says which field it is about. */
const fieldLabels: Record<string, string> = {
  lastName: "Фамилия",
  name: "Имя",
  secondName: "Отчество",
  phone: "Телефон",
  email: "E-mail",
  fullName: "ФИО",
  birthDate: "Дата рождения",
  citizenship: "Гражданство",
  passportSeries: "Серия паспорта",
  passportNumber: "Номер документа",
  issueDate: "Дата выдачи",
  issuer: "Кем выдан",
  issuerCode: "Код подразделения",
  registrationAddress: "Адрес регистрации",
  consent: "Согласие",
  comment: "Комментарий",
  street: "Улица",
  house: "Дом",
  room: "Квартира",
};

const issuesText = (issues: ReadonlyArray<{ name: string; message: string }>) =>
  issues.map((issue) => (fieldLabels[issue.name] ? `${fieldLabels[issue.name]}: ${issue.message}` : issue.message)).join(". ");

type Notice = { kind: "success" | "error"; message: string };

const go = async (href: string, notice?: Notice) => redirect(href, { status: 303, headers: notice ? { "Set-Cookie": await flashHeader(notice) } : undefined });

/** Every POST of /admin/orders/new: one step, then back to the page with the draft as it now stands. */
export async function handleStaffOrderPost(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const draft = readStaffOrderDraft(url.searchParams) ?? emptyStaffOrderDraft(`staff-${randomUUID()}`);
  const form = await readFormBody(request);
  const { db } = context.get(databaseContext);
  const actor = context.get(staffActorContext);
  if (form.get("intent") === "identify") return identify(db, actor, draft, form, request);
  const posted = readForm(form, staffOrderFormSchema);
  if (!posted.ok) return go(staffOrderHref(draft), { kind: "error", message: issuesText(posted.issues) });
  const input = posted.value;
  switch (input.intent) {
    case "buyer": {
      const buyer = await buyerById(db, input.buyerId);
      if (!buyer) return go(staffOrderHref(draft), { kind: "error", message: staffOrderTexts.unknownBuyer });
      return go(staffOrderHref({ ...draft, buyer: buyer.id }, {}, "coins"), { kind: "success", message: staffOrderTexts.buyerChosen });
    }
    case "create-buyer": {
      const { id, created } = await createBuyer(db, actor, input);
      return go(staffOrderHref({ ...draft, buyer: id }, {}, "coins"), {
        kind: "success",
        message: created ? staffOrderTexts.buyerCreated : staffOrderTexts.buyerExisted,
      });
    }
    case "add":
    case "quantity": {
      const [row] = await db.select().from(products).where(eq(products.id, input.productId)).limit(1);
      if (!row || row.status !== "active") return go(staffOrderHref(draft, {}, "coins"), { kind: "error", message: staffOrderTexts.unknownCoin });
      const had = draft.lines.find(([id]) => id === row.id)?.[1] ?? 0;
      if (had === 0 && draft.lines.length >= STAFF_ORDER_LIMITS.lines)
        return go(staffOrderHref(draft, {}, "coins"), { kind: "error", message: staffOrderTexts.tooManyLines });
      // «Добавить» adds to what the order holds; a line's own field sets its quantity.
      const adding = input.intent === "add" && /^\d{1,9}$/.test(input.quantity.trim());
      const reading = readTypedQuantity(adding ? String(had + Number(input.quantity.trim())) : input.quantity, {
        stock: row.stock,
        limit: pieceLimit(row, getConfig().orders.maxPiecesPerCoin),
      });
      if (!reading.ok) return go(staffOrderHref(draft, {}, "coins"), { kind: "error", message: staffOrderTexts.lineProblem(row.name, reading.reason) });
      const lines = draft.lines.filter(([id]) => id !== row.id);
      if (reading.quantity > 0) {
        const at = draft.lines.findIndex(([id]) => id === row.id);
        lines.splice(at === -1 ? lines.length : at, 0, [row.id, reading.quantity]);
      }
      return go(staffOrderHref({ ...draft, lines }, {}, "coins"), {
        kind: "success",
        message: reading.quantity > 0 ? staffOrderTexts.coinAdded(row.name, reading.quantity) : staffOrderTexts.coinRemoved(row.name),
      });
    }
    case "remove":
      return go(staffOrderHref({ ...draft, lines: draft.lines.filter(([id]) => id !== input.productId) }, {}, "coins"));
    case "city": {
      const city = await getDeliveryProvider()
        .city(input.city)
        .catch(() => undefined);
      if (!city) return go(staffOrderHref(draft, {}, "delivery"), { kind: "error", message: staffOrderTexts.unknownCity });
      return go(staffOrderHref({ ...draft, city: city.code, delivery: null, point: null }, {}, "delivery"));
    }
    case "delivery": {
      const next: StaffOrderDraft = {
        ...draft,
        delivery: input.deliveryId,
        point: input.pointCode?.trim() || null,
        slot: input.pickupSlot && parseSlotKey(input.pickupSlot) ? input.pickupSlot : null,
        street: input.street,
        house: input.house,
        room: input.room,
        payment: readPaymentId(input.paymentId),
        company: {
          inn: input.companyInn,
          kpp: input.companyKpp,
          name: input.companyName,
          legalAddress: input.companyLegalAddress,
          contactPerson: input.companyContactPerson,
        },
        channel: input.channel,
        comment: input.comment,
      };
      const buyer = next.buyer === null ? undefined : await buyerById(db, next.buyer);
      const quote = await deliveryQuote(db, next, buyer);
      // A delivery not offered here (another city, a forged id) or a point not on its list is dropped, with why.
      const kept: StaffOrderDraft = {
        ...next,
        delivery: quote.chosen ? quote.chosen.id : null,
        point: quote.points?.selected?.code ?? null,
        slot: quote.chosen?.id === DELIVERY_IDS.officePickup ? next.slot : null,
      };
      const problems = problemsOf(kept, buyer, quote);
      if (problems.length > 0) return go(staffOrderHref(kept, {}, "delivery"), { kind: "error", message: problems.join(". ") });
      return go(staffOrderHref(kept, { step: "confirm" }, "confirm"));
    }
    case "place":
      return place(db, actor, context, draft, input);
  }
}

/** A buyer who calls for the first time: an account on their phone, as signing in would make (one per phone). */
async function createBuyer(db: Database, actor: StaffActor, input: { name: string; lastName: string; secondName: string; phone: string; email: string }) {
  return db.transaction(async (tx) => {
    const values = {
      name: normalizeName(input.name),
      lastName: normalizeName(input.lastName),
      secondName: normalizeName(input.secondName),
      email: input.email,
    };
    const [created] = await tx
      .insert(users)
      .values({ phone: input.phone, ...values })
      .onConflictDoNothing({ target: users.phone })
      .returning();
    if (created) {
      await writeAudit(tx, actor, { action: "customer.create", entity: `customer:${created.id}`, before: null, after: { phone: created.phone, ...values } });
      return { id: created.id, created: true };
    }
    // The phone has an account already: it is the buyer; what staff typed only fills its blanks.
    const [existing] = await tx.select().from(users).where(eq(users.phone, input.phone)).for("update");
    const filled = {
      ...(existing!.name.trim() ? {} : { name: values.name }),
      ...(existing!.lastName.trim() ? {} : { lastName: values.lastName }),
      ...(existing!.secondName.trim() ? {} : { secondName: values.secondName }),
      ...(existing!.email.trim() ? {} : { email: values.email }),
    };
    if (Object.keys(filled).length > 0) {
      await tx
        .update(users)
        .set({ ...filled, updatedAt: new Date() })
        .where(eq(users.id, existing!.id));
      await writeAudit(tx, actor, { action: "customer.update", entity: `customer:${existing!.id}`, before: null, after: filled });
    }
    return { id: existing!.id, created: false };
  });
}

/** The passport data the buyer dictates, with the consent they gave on the call recorded, for this order's token. */
async function identify(db: Database, actor: StaffActor, draft: StaffOrderDraft, form: FormData, request: Request) {
  const buyer = draft.buyer === null ? undefined : await buyerById(db, draft.buyer);
  const back = staffOrderHref(draft, { step: "confirm" }, "identification");
  if (!buyer) return go(staffOrderHref(draft), { kind: "error", message: staffOrderTexts.noBuyer });
  const posted = readForm(form, identificationSchema(moscowToday()));
  if (!posted.ok) return go(back, { kind: "error", message: issuesText(posted.issues) });
  await db.transaction(async (tx) => {
    const consent = await ensureConsent(tx, {
      purpose: "identification",
      userId: buyer.id,
      phone: buyer.phone,
      ip: actor.ip ?? "",
      userAgent: request.headers.get("user-agent"),
      reference: `staff:${actor.phone}`,
    });
    await saveIdentification(tx, { userId: buyer.id, checkoutToken: draft.token, data: posted.value, consentVersion: consent.version });
    await writeAudit(tx, actor, {
      action: "identification.enter",
      entity: `customer:${buyer.id}`,
      before: null,
      after: { identification: maskedIdentification(posted.value), consent: consent.version },
    });
  });
  return go(back, { kind: "success", message: staffOrderTexts.identificationSaved });
}

async function place(
  db: Database,
  actor: StaffActor,
  context: Readonly<RouterContextProvider>,
  draft: StaffOrderDraft,
  seen: { seenGoods: number; seenDelivery: number },
) {
  const confirm = staffOrderHref(draft, { step: "confirm" }, "confirm");
  const buyer = draft.buyer === null ? undefined : await buyerById(db, draft.buyer);
  const quote = await deliveryQuote(db, draft, buyer);
  const problems = problemsOf(draft, buyer, quote);
  if (problems.length > 0 || !buyer || !quote.chosen || !quote.state || !quote.city)
    return go(staffOrderHref(draft, {}, "delivery"), { kind: "error", message: problems.join(". ") || staffOrderTexts.unknownDelivery });
  if (quote.chosen.price !== seen.seenDelivery) return go(confirm, { kind: "error", message: staffOrderTexts.deliveryChanged });
  const invoiceCompany = invoiceCompanyOf(draft);
  const company = draft.payment === PAYMENT_IDS.invoice && invoiceCompany.ok ? invoiceCompany.company : null;
  const member = context.get(staffContext);
  const sales = await readSalesSetting(db);
  const identification = await needsIdentification(db, { userId: buyer.id, total: quote.totals.total, paymentId: draft.payment });
  if (identification && !(await identificationOfCheckout(db, buyer.id, draft.token)))
    return go(staffOrderHref(draft, { step: "confirm" }, "identification"), { kind: "error", message: staffOrderTexts.identificationNeeded });
  const result = await placeOrder(
    db,
    {
      userId: buyer.id,
      owner: null,
      taken: {
        lines: draft.lines.map(([productId, quantity]) => ({ productId, quantity })),
        staffId: member.id,
        staffName: [member.name, formatPhone(member.phone)].filter(Boolean).join(", "),
        channel: draft.channel,
        actor,
      },
      checkoutToken: draft.token,
      seenGoodsTotal: seen.seenGoods,
      contact: { name: buyer.name, lastName: buyer.lastName, secondName: buyer.secondName, email: buyer.email, phone: buyer.phone },
      city: { code: quote.city.code, name: quote.city.name },
      delivery: orderDeliveryRecord(quote.chosen, quote.state, quote.points?.selected ?? undefined, {
        street: draft.street,
        house: draft.house,
        room: draft.room,
        entrance: "",
        floor: "",
        message: "",
      }),
      deliveryTotal: quote.chosen.price,
      paymentId: draft.payment,
      company: draft.payment === PAYMENT_IDS.invoice ? company : null,
      comment: draft.comment,
      pickupSlot: quote.chosen.id === DELIVERY_IDS.officePickup ? draft.slot : null,
    },
    { rates: quote.rates, shopOpen: isShopOpen({ paused: sales.paused, quotesFresh: quote.quotesFresh }) },
  );
  switch (result.kind) {
    case "placed":
      return go(`/admin/orders/${result.number}`, { kind: "success", message: staffOrderTexts.placed(result.number, draft.payment === PAYMENT_IDS.online) });
    case "existing":
      return go(`/admin/orders/${result.number}`, { kind: "success", message: staffOrderTexts.existing(result.number) });
    case "prices-changed":
      return go(confirm, {
        kind: "error",
        message: `${staffOrderTexts.pricesChanged} Товары: было ${formatMoney(seen.seenGoods)}, стало ${formatMoney(result.goodsTotal)}.`,
      });
    case "refused":
      // The slot filled meanwhile: back to the delivery step to agree another time.
      if (result.field === "pickupSlot") return go(staffOrderHref({ ...draft, slot: null }, {}, "delivery"), { kind: "error", message: result.reason });
      return go(confirm, { kind: "error", message: result.reason });
  }
}
