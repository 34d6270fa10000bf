import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { buybackEvents, buybackRequests, users } from "../db/schema.ts";
import { recordNotifications } from "../notifications/outbox.server.ts";
import { formatMoney } from "../shared/format.ts";
import { capitalise, joinSentences } from "../shared/sentences.ts";
import { shop } from "../shop/contacts.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { pageOf } from "../shared/list-query.server.ts";
import { searchTerms } from "../shared/search-terms.ts";
import { quoteCoin, quoteNote, type QuoteTerms } from "./buyback.server.ts";
import { buybackQuoteNumber, buybackStatusLabels, buybackTransitions, parseBuybackQuoteNumber, quotedStatuses } from "./statuses.ts";
import type { BuybackStatus } from "../db/column-values.ts";
import type { Outcome } from "../shared/failure.ts";

/**
 * A buy-back request after it was sent: the seller follows it and asks for a new quote when
 * the old one ran out (/my/buyback); the staff answer it (/admin/buyback). Every change takes
 * the row's lock, checks the version the page was made from, moves the status by
 * buybackTransitions, writes the step the seller sees, the audit row and the message, all in
 * one transaction.
 */

export type BuybackRequestRow = typeof buybackRequests.$inferSelect;
export type BuybackEventRow = typeof buybackEvents.$inferSelect;

export const buybackMessages = {
  notFound: "Заявка не найдена",
  stale: "Заявка уже изменена, обновите страницу",
  notAllowed: (from: BuybackStatus, to: BuybackStatus) => `Заявку нельзя перевести из статуса «${buybackStatusLabels[from]}» в «${buybackStatusLabels[to]}»`,
  stillLocked: "Цена ещё зафиксирована — пересчитывать не нужно",
  notQuoted: "У этой заявки нет цены по списку: её назовёт оценщик",
  answered: "По заявке уже есть ответ: цену больше не пересчитать",
  noQuotes: "Котировки сейчас недоступны — цену не назвать. Попробуйте позже.",
  noLongerListed: "Эту монету сейчас не выкупаем по списку; цену назовёт оценщик",
  priceMoved: (price: number) => `Цена изменилась: теперь ${formatMoney(price)}. Обновите страницу и проверьте её.`,
  needPrice: "У заявки нет цены по списку: предложите цену",
} as const;

/** The price a request holds now: its quote while locked; else what the same coin and grade would be quoted now. */
export type PriceNow = { unitPrice: number; total: number; locked: boolean; lockedUntil: Date | null } | null;

export async function priceNow(db: Database, request: BuybackRequestRow, terms: QuoteTerms, now = new Date()): Promise<PriceNow> {
  if (request.unitPrice !== null && request.lockedUntil && request.lockedUntil > now) {
    return { unitPrice: request.unitPrice, total: request.unitPrice * request.quantity, locked: true, lockedUntil: request.lockedUntil };
  }
  if (request.offerId === null || request.grade === null) return null;
  const quoted = await quoteCoin(db, request.offerId, request.grade, request.quantity, terms, now);
  if (!quoted?.price || !quoted.active) return null;
  return { unitPrice: quoted.price.unitPrice, total: quoted.price.total, locked: false, lockedUntil: null };
}

/** The seller's requests (by the phone they signed in with), newest first, each with its steps. */
export async function listSellerRequests(db: Database, phone: string) {
  const requests = await db
    .select()
    .from(buybackRequests)
    .where(eq(buybackRequests.phone, phone))
    .orderBy(desc(buybackRequests.createdAt), desc(buybackRequests.id))
    .limit(50);
  const events =
    requests.length === 0
      ? []
      : await db
          .select()
          .from(buybackEvents)
          .where(
            inArray(
              buybackEvents.requestId,
              requests.map((request) => request.id),
            ),
          )
          .orderBy(asc(buybackEvents.createdAt), asc(buybackEvents.id));
  return requests.map((request) => ({ request, events: events.filter((event) => event.requestId === request.id) }));
}

type Change = Outcome<{ request: BuybackRequestRow }>;

/** Takes the request's row lock inside `tx`; refuses a page made from an older version. */
async function lockRequest(tx: Database, id: number, version: number | undefined, phone?: string): Promise<Change> {
  const [request] = await tx.select().from(buybackRequests).where(eq(buybackRequests.id, id)).for("update");
  // Another seller's request is as good as none.
  if (!request || (phone !== undefined && request.phone !== phone)) return { ok: false, reason: buybackMessages.notFound };
  if (version !== undefined && request.version !== version) return { ok: false, reason: buybackMessages.stale };
  return { ok: true, request };
}

/** The seller asks for a new quote once the old one ran out: the same coin and grade at the quotes of now, held again. */
export async function requoteBuybackRequest(
  db: Database,
  input: { id: number; phone: string; version?: number },
  terms: QuoteTerms,
  now = new Date(),
): Promise<Change> {
  return db.transaction(async (tx) => {
    const locked = await lockRequest(tx, input.id, input.version, input.phone);
    if (!locked.ok) return locked;
    const { request } = locked;
    if (request.offerId === null || request.grade === null) return { ok: false, reason: buybackMessages.notQuoted };
    if (!quotedStatuses.includes(request.status)) return { ok: false, reason: buybackMessages.answered };
    if (request.lockedUntil && request.lockedUntil > now) return { ok: false, reason: buybackMessages.stillLocked };
    const quoted = await quoteCoin(tx, request.offerId, request.grade, request.quantity, terms, now);
    if (!quoted?.active) return { ok: false, reason: buybackMessages.noLongerListed };
    if (!quoted.price) return { ok: false, reason: buybackMessages.noQuotes };
    const [updated] = await tx
      .update(buybackRequests)
      .set({
        unitPrice: quoted.price.unitPrice,
        gradePercent: quoted.price.gradePercent,
        quotedAt: now,
        lockedUntil: quoted.price.lockedUntil,
        version: sql`${buybackRequests.version} + 1`,
        updatedAt: now,
      })
      .where(eq(buybackRequests.id, request.id))
      .returning();
    await tx.insert(buybackEvents).values({
      requestId: request.id,
      status: request.status,
      note: `Цена пересчитана по котировкам. ${quoteNote(quoted.price, request.quantity)}`,
      price: quoted.price.total,
      actor: "seller",
      createdAt: now,
    });
    return { ok: true, request: updated! };
  });
}

/** What the staff do with a request. */
export type StaffAnswer =
  | { kind: "contacted"; note?: string }
  /** Accept: at the offered price once the seller agreed to it, else at the quote (held, or made again now); `expectedTotal` is what the page showed. */
  | { kind: "accept"; expectedTotal: number }
  | { kind: "offer"; price: number; note?: string }
  | { kind: "reject"; reason: string }
  | { kind: "complete" };

const answerTarget: Record<StaffAnswer["kind"], BuybackStatus> = {
  contacted: "contacted",
  accept: "agreed",
  offer: "offered",
  reject: "rejected",
  complete: "completed",
};

/**
 * The seller's message of each answer (after "по заявке на выкуп В-000042: "), in sentences
 * however staff typed the note. Only a seller with an account is sent to it to answer.
 */
function answerText(
  to: BuybackStatus,
  request: { quantity: number; coinName: string | null },
  price: number | null,
  note: string,
  hasAccount: boolean,
): string | null {
  // Coins described in words have no count of their own (the quantity is the form's default 1).
  const pieces = request.coinName === null ? "монеты из заявки" : `${request.quantity} шт.`;
  switch (to) {
    case "agreed":
      return joinSentences([`цена согласована — ${formatMoney(price ?? 0)} за ${pieces}`, "Приходите в офис с монетами и паспортом."]);
    case "offered":
      return joinSentences([
        `предлагаем ${formatMoney(price ?? 0)} за ${pieces}`,
        note,
        hasAccount ? "Ответьте в личном кабинете или по телефону." : `Ответьте по телефону ${shop.phones.tollFree.display}.`,
      ]);
    case "rejected":
      return joinSentences(["заявка отклонена", note]);
    case "completed":
      return "выкуп завершён. Спасибо!";
    default:
      return null;
  }
}

export type AnswerResult = Outcome<{ request: BuybackRequestRow; from: BuybackStatus; to: BuybackStatus; price: number | null }>;

/**
 * A staff answer (or the seller's own to an offer, actor "seller"): the status by the table,
 * the price it sets, the step the seller sees, the audit row and the seller's SMS
 * ('buyback_answered'), in one transaction.
 */
export async function answerBuybackRequest(
  db: Database,
  who: { staff: StaffActor } | { sellerPhone: string },
  id: number,
  version: number | undefined,
  answer: StaffAnswer,
  terms: QuoteTerms,
  now = new Date(),
): Promise<AnswerResult> {
  return db.transaction(async (tx) => {
    const locked = await lockRequest(tx, id, version, "sellerPhone" in who ? who.sellerPhone : undefined);
    if (!locked.ok) return locked;
    const { request } = locked;
    const to = answerTarget[answer.kind];
    // A seller answers only the staff's offer: agrees to it or declines it.
    if ("sellerPhone" in who && (request.status !== "offered" || (answer.kind !== "accept" && answer.kind !== "reject")))
      return { ok: false, reason: buybackMessages.notAllowed(request.status, to) };
    // Offering again is how a new price replaces the last offer.
    if (!buybackTransitions[request.status].includes(to)) return { ok: false, reason: buybackMessages.notAllowed(request.status, to) };
    let price: number | null = null;
    let note = "";
    const changes: Partial<typeof buybackRequests.$inferInsert> = {};
    if (answer.kind === "accept") {
      if (request.status === "offered" && request.offeredPrice !== null) {
        price = request.offeredPrice;
      } else {
        const current = await priceNow(tx, request, terms, now);
        if (!current) return { ok: false, reason: request.offerId === null ? buybackMessages.needPrice : buybackMessages.noQuotes };
        price = current.total;
        if (!current.locked) Object.assign(changes, { unitPrice: current.unitPrice, quotedAt: now, lockedUntil: null });
      }
      // What the page showed is what is agreed.
      if (price !== answer.expectedTotal) return { ok: false, reason: buybackMessages.priceMoved(price) };
      changes.agreedPrice = price;
    } else if (answer.kind === "offer") {
      price = answer.price;
      note = answer.note ?? "";
      changes.offeredPrice = price;
    } else if (answer.kind === "reject") {
      note = answer.reason;
    } else if (answer.kind === "contacted") {
      note = answer.note ?? "";
    } else {
      price = request.agreedPrice;
    }
    const reason = answer.kind === "reject" ? joinSentences([`Причина: ${note}`]) : "";
    const hasAccount = to === "offered" && (await tx.select({ id: users.id }).from(users).where(eq(users.phone, request.phone)).limit(1)).length > 0;
    const text = answerText(to, request, price, reason || note, hasAccount);
    const [updated] = await tx
      .update(buybackRequests)
      .set({ ...changes, status: to, ...(text ? { answer: text } : {}), version: sql`${buybackRequests.version} + 1`, updatedAt: now })
      .where(eq(buybackRequests.id, request.id))
      .returning();
    const actor = "staff" in who ? "staff" : "seller";
    // The note of a call is the staff's own (kept in the audit row below), not a step the seller reads.
    const stepNote = to === "contacted" ? "" : to === "rejected" ? reason : text ? capitalise(text) : note;
    await tx.insert(buybackEvents).values({ requestId: request.id, status: to, note: stepNote, price, actor, createdAt: now });
    if ("staff" in who) {
      await writeAudit(
        tx,
        who.staff,
        {
          action: "buyback.status",
          entity: `buyback:${buybackQuoteNumber(request.id)}`,
          before: { status: request.status, ...(request.offeredPrice !== null ? { offeredPrice: request.offeredPrice } : {}) },
          after: { status: to, ...(price !== null ? { price } : {}), ...(note ? { note } : {}) },
        },
        now,
      );
    }
    // The seller's own answer needs no message to the seller.
    if (text && "staff" in who) {
      await recordNotifications(
        tx,
        {
          kind: "buyback_answered",
          request: {
            id: request.id,
            quoteNumber: buybackQuoteNumber(request.id),
            name: request.name,
            phone: request.phone,
            items: request.items,
            answer: text,
          },
        },
        undefined,
        now,
      );
    }
    return { ok: true, request: updated!, from: request.status, to, price };
  });
}

export const BUYBACK_PAGE_SIZE = 50;

export type BuybackFilters = { status?: BuybackStatus; q?: string; page: number };

/** The staff's queue: by status, and by quote number, phone or name; newest first, 50 a page. */
export async function searchBuybackRequests(db: Database, filters: BuybackFilters) {
  const terms = filters.q?.trim() ? searchTerms(filters.q) : null;
  const id = terms ? parseBuybackQuoteNumber(terms.text) : null;
  const where = and(
    filters.status ? eq(buybackRequests.status, filters.status) : undefined,
    terms
      ? or(
          id !== null ? eq(buybackRequests.id, id) : undefined,
          terms.phoneContains ? ilike(buybackRequests.phone, terms.phoneContains) : undefined,
          ilike(buybackRequests.name, terms.contains),
        )
      : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(buybackRequests).where(where),
    db
      .select()
      .from(buybackRequests)
      .where(where)
      .orderBy(desc(buybackRequests.createdAt), desc(buybackRequests.id))
      .limit(BUYBACK_PAGE_SIZE)
      .offset((filters.page - 1) * BUYBACK_PAGE_SIZE),
  ]);
  return pageOf(rows, total?.count, filters.page, BUYBACK_PAGE_SIZE);
}

/** One request with its steps, for the staff's page. */
export async function findBuybackRequest(db: Database, id: number) {
  const [request] = await db.select().from(buybackRequests).where(eq(buybackRequests.id, id));
  if (!request) return null;
  const events = await db.select().from(buybackEvents).where(eq(buybackEvents.requestId, id)).orderBy(asc(buybackEvents.createdAt), asc(buybackEvents.id));
  return { request, events };
}
