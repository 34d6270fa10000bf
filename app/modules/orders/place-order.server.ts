import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { pricingRule } from "../catalog/products.server.ts";
import { getConfig, type HoldRules, type IdentificationThresholds } from "../config/config.server.ts";
import { type Database, isDatabaseUnavailable } from "../db/client.server.ts";
import { listItems, type OrderChannel, orderLines, orders, products, users, type OrderStatus } from "../db/schema.ts";
import { PAYMENT_IDS, isPrepaid, type PaymentId, paymentTexts } from "../payments/methods.ts";
import type { ListOwner } from "../lists/lists.server.ts";
import { activePromotions } from "../content/promotions.server.ts";
import { moscowToday } from "../content/dates.ts";
import { type CartLineInput, priceLines } from "../pricing/discounts.ts";
import type { LineDiscount, OrderCompany } from "../db/column-values.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { limitMessages, type OrderLimits, pieceLimit } from "../lists/limits.ts";
import { holdRefusal } from "./holds.server.ts";
import { createOrderGate, type OrderGate, type Turn } from "./order-gate.ts";
import { identificationGate } from "../compliance/identification.server.ts";
import { identificationTexts } from "../compliance/identification.ts";
import { ON_REVIEW_NOTE, paymentDeadline, recordOrderStep } from "./lifecycle.server.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { announceReadsChanged } from "../db/read-changes.server.ts";
import { launchRefusal } from "../launches/launch.server.ts";
import { DELIVERY_IDS } from "../delivery/rules.ts";
import { bookSlot, pickupTexts, reserveSlot, slotOfDelivery } from "../pickup/pickup.server.ts";

/** An order taken by a member of staff: its coins come from the staff form, not from a cart. */
export type TakenByStaff = {
  lines: ReadonlyArray<{ productId: number; quantity: number }>;
  staffId: number;
  /** "Мария, +7 (900) 123-45-67": shown on the order after the member leaves. */
  staffName: string;
  channel: OrderChannel;
  /** Written to the audit log with the order, in its transaction. */
  actor: StaffActor;
};

export type OrderInput = {
  userId: number;
  /** Whose cart becomes the order (the signed-in user's); ignored for an order taken by staff. */
  owner: ListOwner | null;
  /** Set for an order staff take by phone, messenger or in the office: the same rules, other coins' source. */
  taken?: TakenByStaff;
  /** The checkout form's one-time token: a second submit of the same form finds the same order. */
  checkoutToken: string;
  /** The goods total the buyer saw on the page; a different one stops the order (spec 'updatePrices'). */
  seenGoodsTotal: number;
  contact: { name: string; lastName: string; secondName: string; email: string; phone: string };
  city: { code: string; name: string };
  delivery: Record<string, unknown>;
  deliveryTotal: number;
  paymentId: PaymentId;
  comment: string;
  /** Bought as an organisation or ИП (required to pay by invoice): printed on its invoice and УПД. */
  company?: OrderCompany | null;
  /** Office pickup: the slot chosen ("2026-12-04T10:00"); its place is taken in the order's transaction. */
  pickupSlot?: string | null;
};

export type PricedLine = {
  productId: number;
  sku: string;
  name: string;
  quantity: number;
  /** What each coin costs in this order, after a discount. */
  price: number;
  lineTotal: number;
  /** Before a discount. */
  basePrice: number;
  /** The promotion or quantity tier applied, kept with the line. */
  discount: LineDiscount | null;
};

export type PlaceOrderResult =
  | { kind: "placed"; orderId: number; number: string }
  /** The same form was submitted again: its order, not a second one. */
  | { kind: "existing"; orderId: number; number: string }
  /** The prices moved since the page was shown: nothing was written; show these and ask again. */
  | { kind: "prices-changed"; lines: PricedLine[]; goodsTotal: number }
  /** No order: the reason in Russian for the buyer (spec 'orderError'); `field` when a choice on the form must be made again. */
  | { kind: "refused"; reason: string; field?: "pickupSlot" };

export const orderMessages = {
  closed: "Сейчас магазин не принимает заказы: котировки металлов обновляются или продажи приостановлены. Попробуйте чуть позже.",
  emptyCart: "Корзина пуста",
  noCoins: "В заказе нет ни одной монеты",
  noQuotes: "Нет текущих котировок металлов — цену сейчас рассчитать нельзя. Попробуйте чуть позже.",
  soldOut: (name: string) => `«${name}» больше нет в продаже`,
  notEnough: (name: string, stock: number) => `«${name}»: в наличии только ${stock} шт. Измените количество в корзине.`,
  tooManyOfCoin: limitMessages.perCoinInOrder,
  tooManyUnpaid: limitMessages.unpaid,
  /** A large order reached the transaction without the buyer's identification for this checkout. */
  identificationMissing: identificationTexts.notOnRecord,
  /** The posted one-time token is another buyer's order's: an old or copied form. */
  foreignToken: "Эта страница оформления устарела. Проверьте заказ и нажмите «Оформить заказ» ещё раз.",
  /** The coins' row locks were not free within LOCK_WAIT (a launch's crowd): nothing was written. */
  busy: "Сейчас очень много заказов одновременно, и этот не успел оформиться. Ничего не списано — нажмите «Оформить заказ» ещё раз через минуту.",
} as const;

/** "2026-000123": the year and the order's id, readable over the phone. */
export function orderNumber(id: number, at: Date): string {
  return `${at.getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

const postgresCode = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code;
};
const isUniqueViolation = (error: unknown) => postgresCode(error) === "23505";
/** lock_not_available: a lock not granted within lock_timeout. */
const isLockTimeout = (error: unknown) => postgresCode(error) === "55P03";

/**
 * How long an order waits for its coins' row locks. On a launch every buyer's order takes the
 * one coin's lock in turn; a wait past this is said to the buyer in words (orderMessages.busy),
 * well before the statement timeout would end it as a 503.
 */
const LOCK_WAIT = "5s";

/**
 * The first coin of the order that is sold out (or off sale), read without a lock: on a launch,
 * once the coin is gone, the buyers still pressing «Оформить заказ» are told at once instead of
 * queueing for its lock only to read the same. The locked read in the transaction decides the rest.
 */
export async function soldOutBeforeLocking(db: Database, input: Pick<OrderInput, "owner" | "taken">): Promise<string | undefined> {
  const cart = await orderedCoins(db, input);
  if (cart.length === 0) return undefined;
  const rows = await db
    .select({ name: products.name, stock: products.stock, status: products.status })
    .from(products)
    .where(
      inArray(
        products.id,
        cart.map((line) => line.productId),
      ),
    );
  return rows.find((row) => row.status !== "active" || row.stock < 1)?.name;
}

/** The buyer's order placed with this checkout form's token, if any (a second submit of the same page). */
export async function findOrderByToken(db: Database, userId: number, checkoutToken: string) {
  const [found] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.checkoutToken, checkoutToken)))
    .limit(1);
  return found;
}

/**
 * The coins the order is for, one row per coin in product order: the buyer's cart, or the lines
 * a member of staff entered (the same coin twice is added up).
 */
async function orderedCoins(tx: Database, input: Pick<OrderInput, "owner" | "taken">): Promise<Array<{ productId: number; quantity: number }>> {
  if (input.taken) {
    const sums = new Map<number, number>();
    for (const line of input.taken.lines) sums.set(line.productId, (sums.get(line.productId) ?? 0) + line.quantity);
    return [...sums].map(([productId, quantity]) => ({ productId, quantity })).sort((a, b) => a.productId - b.productId);
  }
  if (!input.owner) return [];
  return tx
    .select({ productId: listItems.productId, quantity: listItems.quantity })
    .from(listItems)
    .where(and(eq(listItems.list, "cart"), eq(listItems.owner, input.owner)))
    .orderBy(asc(listItems.productId));
}

/** Submits of one checkout form wait for each other (and for a transaction of that form still ending). */
const lockCheckoutForm = (tx: Database, checkoutToken: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout:${checkoutToken}`}))`);

/**
 * After the database went away during the order's transaction: its commit may have happened
 * with only the acknowledgement lost. Under the form's lock (held by that transaction until it
 * ends on the server) the order is there or certainly not; undefined also when the database
 * cannot be asked.
 */
async function orderOfLostCommit(db: Database, input: OrderInput) {
  try {
    return await db.transaction(async (tx) => {
      await lockCheckoutForm(tx, input.checkoutToken);
      return findOrderByToken(tx, input.userId, input.checkoutToken);
    });
  } catch {
    return undefined;
  }
}

type PlaceOrderContext = {
  rates: MetalRates | null;
  shopOpen: boolean;
  now?: Date;
  limits?: OrderLimits;
  paymentTimeoutMinutes?: number;
  hold?: HoldRules;
  identification?: IdentificationThresholds;
  /** Banking days to pay an invoice (INVOICE_PAYMENT_DAYS). */
  invoicePaymentDays?: number;
  /** The gate to take a turn at; the process's own unless a test gives one. */
  gate?: OrderGate;
  /** A turn the caller already holds (and leaves itself). */
  turn?: Turn;
};

/**
 * Places an order in one transaction (docs/architecture.md §5): the products are locked,
 * the stock checked, every coin priced from the current quotes on the server (a price
 * from the client is never used), the total compared with the one the buyer saw, the
 * order and its lines written as snapshots, the stock reduced and the cart emptied.
 * Any refusal writes nothing.
 */
export async function placeOrder(db: Database, input: OrderInput, context: PlaceOrderContext): Promise<PlaceOrderResult> {
  const limits = context.limits ?? getConfig().orders;
  const hold = context.hold ?? getConfig().orders.hold;
  const existing = await findOrderByToken(db, input.userId, input.checkoutToken);
  if (existing) return { kind: "existing", orderId: existing.id, number: existing.number };
  if (!context.shopOpen) return { kind: "refused", reason: orderMessages.closed };
  const now = context.now ?? new Date();
  // A caller holding a turn (the checkout) read this before taking it; a second read would only repeat it.
  const soldOut = context.turn ? undefined : await soldOutBeforeLocking(db, input);
  if (soldOut) return { kind: "refused", reason: orderMessages.soldOut(soldOut) };
  const promotions = await activePromotions(db, moscowToday(now));

  // A turn the caller took (the checkout, before its reads) is this order's; otherwise it takes one.
  const turn = context.turn ?? (await (context.gate ?? orderGate()).enter());
  if (!turn) return { kind: "refused", reason: orderMessages.busy };
  try {
    // A turn that came seconds later may find the coin sold out: said without queueing for its lock.
    const goneMeanwhile = turn.waited ? await soldOutBeforeLocking(db, input) : undefined;
    if (goneMeanwhile) return { kind: "refused", reason: orderMessages.soldOut(goneMeanwhile) };
    return await placeInTransaction(db, input, { ...context, limits, hold, now, promotions });
  } finally {
    if (!context.turn) turn.leave();
  }
}

let processGate: OrderGate | undefined;
/** This process's gate for orders being placed, made from the settings on first use. */
export const orderGate = () => (processGate ??= createOrderGate(getConfig().orders.gate));

async function placeInTransaction(
  db: Database,
  input: OrderInput,
  context: PlaceOrderContext & { limits: OrderLimits; hold: HoldRules; now: Date; promotions: Awaited<ReturnType<typeof activePromotions>> },
): Promise<PlaceOrderResult> {
  const { limits, hold, now, promotions } = context;
  try {
    const outcome = await db.transaction(async (tx) => {
      // Submits of one form wait for each other here; the later one then finds the order.
      await lockCheckoutForm(tx, input.checkoutToken);
      const again = await findOrderByToken(tx, input.userId, input.checkoutToken);
      if (again) return { kind: "existing", orderId: again.id, number: again.number } as const;
      // The token is unique across buyers: another buyer's (an old or copied form) is refused, not a 5xx.
      const [foreign] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutToken, input.checkoutToken)).limit(1);
      if (foreign) return { kind: "refused", reason: orderMessages.foreignToken } as const;

      // One buyer's orders are placed one at a time, so parallel submits cannot pass the unpaid cap together.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
      const [unpaid] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.userId, input.userId), eq(orders.paymentId, PAYMENT_IDS.online), inArray(orders.status, ["new", "awaiting_payment"])));
      if ((unpaid?.n ?? 0) >= limits.maxUnpaidPerBuyer) return { kind: "refused", reason: orderMessages.tooManyUnpaid(unpaid!.n) } as const;

      const cart = await orderedCoins(tx, input);
      if (cart.length === 0) return { kind: "refused", reason: input.taken ? orderMessages.noCoins : orderMessages.emptyCart } as const;

      // Locked in id order, so two orders for the same coins wait for each other instead of deadlocking.
      await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_WAIT}'`));
      const locked = await tx
        .select()
        .from(products)
        .where(
          inArray(
            products.id,
            cart.map((line) => line.productId),
          ),
        )
        .orderBy(asc(products.id))
        // Not "update": the stock changes, no key does, so carts (a key share) add the coin meanwhile.
        .for("no key update");
      const byId = new Map(locked.map((row) => [row.id, row]));

      const inputs: Array<{ product: (typeof locked)[number]; input: CartLineInput }> = [];
      for (const item of cart) {
        const product = byId.get(item.productId);
        if (!product || product.status !== "active" || product.stock < 1) {
          return { kind: "refused", reason: orderMessages.soldOut(product?.name ?? "Монета") } as const;
        }
        const limit = pieceLimit(product, limits.maxPiecesPerCoin);
        if (item.quantity > limit) return { kind: "refused", reason: orderMessages.tooManyOfCoin(product.name, limit) } as const;
        if (product.stock < item.quantity) return { kind: "refused", reason: orderMessages.notEnough(product.name, product.stock) } as const;
        const rule = pricingRule(product);
        if (rule.kind === "metal" && !context.rates) return { kind: "refused", reason: orderMessages.noQuotes } as const;
        inputs.push({ product, input: { coin: product, rule, tiers: product.quantityTiers, quantity: item.quantity } });
      }
      // A coin whose sales have not opened, or more than its cap over all this buyer's orders (the coins are locked above).
      const launch = await launchRefusal(
        tx,
        { userId: input.userId, phone: input.contact.phone },
        cart.map((item) => ({ product: byId.get(item.productId)!, quantity: item.quantity })),
        now,
      );
      if (launch) return { kind: "refused", reason: launch } as const;
      // The same rules as the cart and checkout pages: today's promotions and the coins' tiers.
      const prices = priceLines(
        inputs.map((item) => item.input),
        promotions,
        context.rates ?? { gold: 0, silver: 0 },
      );
      const lines: PricedLine[] = inputs.map(({ product, input }, index) => {
        const { price, basePrice, discount } = prices[index]!;
        return {
          productId: product.id,
          sku: product.sku,
          name: product.name,
          quantity: input.quantity,
          price,
          lineTotal: price * input.quantity,
          basePrice,
          discount,
        };
      });
      const goodsTotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
      if (goodsTotal !== input.seenGoodsTotal) return { kind: "prices-changed", lines, goodsTotal } as const;
      // No payment or confirmation behind it yet: within what one buyer or phone may hold so.
      const overHold = await holdRefusal(tx, { userId: input.userId, phone: input.contact.phone, lines, goodsTotal }, hold, now);
      if (overHold) return { kind: "refused", reason: overHold } as const;

      // 115-FZ: a large order needs the buyer's identification for this checkout; a listed person's is held for review.
      const gate = await identificationGate(
        tx,
        { userId: input.userId, checkoutToken: input.checkoutToken, total: goodsTotal + input.deliveryTotal, paymentId: input.paymentId },
        context.identification,
      );
      if (gate.kind === "missing") return { kind: "refused", reason: orderMessages.identificationMissing } as const;
      const held = gate.kind === "identified" && gate.match !== null;
      if (input.paymentId === PAYMENT_IDS.invoice && !input.company) return { kind: "refused", reason: paymentTexts.invoiceNeedsCompany } as const;
      // An invoice waits for the company's transfer as an online order waits for its payment.
      const status: OrderStatus = held ? "on_review" : isPrepaid(input.paymentId) ? "awaiting_payment" : "new";
      const paymentDueAt = held
        ? null
        : paymentDeadline(
            input.paymentId,
            now,
            context.paymentTimeoutMinutes ?? getConfig().orders.paymentTimeoutMinutes,
            hold.confirmTimeoutMinutes,
            context.invoicePaymentDays,
          );
      // Office pickup: a place in the chosen slot, counted under the slot's lock, or no order at all.
      const officePickup = input.delivery.id === DELIVERY_IDS.officePickup;
      let slot = null;
      if (officePickup) {
        // Staff taking an order by phone may leave the time open (agreed later); a buyer at checkout always books one.
        if (!input.pickupSlot && !input.taken) return { kind: "refused", reason: pickupTexts.requiredSlot, field: "pickupSlot" } as const;
      }
      if (officePickup && input.pickupSlot) {
        const reserved = await reserveSlot(tx, input.pickupSlot, { now });
        if (!reserved.ok) return { kind: "refused", reason: reserved.reason, field: "pickupSlot" } as const;
        slot = reserved.slot;
      }
      const [created] = await tx
        .insert(orders)
        .values({
          // A placeholder until the id is known; replaced just below in the same transaction.
          number: `pending-${input.checkoutToken}`,
          userId: input.userId,
          status,
          checkoutToken: input.checkoutToken,
          contact: input.contact,
          city: input.city,
          delivery: slot ? { ...input.delivery, ...slotOfDelivery(slot) } : input.delivery,
          paymentId: input.paymentId,
          company: input.company ?? null,
          goodsTotal,
          deliveryTotal: input.deliveryTotal,
          total: goodsTotal + input.deliveryTotal,
          comment: input.comment,
          paymentDueAt,
          identificationId: gate.kind === "identified" ? gate.identificationId : null,
          ...(input.taken ? { takenBy: input.taken.staffId, takenByName: input.taken.staffName, channel: input.taken.channel } : {}),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      const number = orderNumber(created!.id, now);
      const [placed] = await tx.update(orders).set({ number }).where(eq(orders.id, created!.id)).returning();
      await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: created!.id })));
      if (slot) await bookSlot(tx, created!.id, slot, now);
      for (const line of lines) {
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: now })
          .where(eq(products.id, line.productId));
      }
      // Pages show the stock: other instances drop their cached pages at the commit.
      await announceReadsChanged(tx, "stock");
      if (!input.taken && input.owner) await tx.delete(listItems).where(and(eq(listItems.list, "cart"), eq(listItems.owner, input.owner)));
      if (input.taken) {
        await writeAudit(
          tx,
          input.taken.actor,
          {
            action: "order.create",
            entity: `order:${number}`,
            before: null,
            after: {
              channel: input.taken.channel,
              total: goodsTotal + input.deliveryTotal,
              lines: lines.map((line) => ({ name: line.name, quantity: line.quantity })),
            },
          },
          now,
        );
      }
      // The buyer's confirmation and the staff's 'new order' leave with the order, or not at all.
      await recordOrderStep(tx, placed!, {
        status,
        actor: input.taken ? "operator" : "buyer",
        now,
        ...(held ? { note: ON_REVIEW_NOTE, listMatch: gate.match } : {}),
      });
      return { kind: "placed", orderId: created!.id, number } as const;
    });
    if (outcome.kind === "placed") invalidateReads("stock");
    return outcome;
  } catch (error) {
    // The connection died around the commit: the order this form placed, when it was placed after all.
    if (isDatabaseUnavailable(error)) {
      const committed = await orderOfLostCommit(db, input);
      if (!committed) throw error;
      invalidateReads("stock");
      return { kind: "placed", orderId: committed.id, number: committed.number };
    }
    // Two submits of one form at the same moment: the second meets the unique token and finds the first's order.
    if (isUniqueViolation(error)) {
      const found = await findOrderByToken(db, input.userId, input.checkoutToken);
      if (found) return { kind: "existing", orderId: found.id, number: found.number };
      return { kind: "refused", reason: orderMessages.foreignToken };
    }
    // The transaction was rolled back whole: no stock, cap or slot was taken.
    if (isLockTimeout(error)) return { kind: "refused", reason: orderMessages.busy };
    throw error;
  }
}

/** The buyer's orders, newest first; another buyer's are never returned. */
export async function listOrders(db: Database, userId: number) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

/** One order of this buyer with its lines, or undefined (also for another buyer's order). */
export async function findOrder(db: Database, userId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) return undefined;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  return { ...order, lines };
}
