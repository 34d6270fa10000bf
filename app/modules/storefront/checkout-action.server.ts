import { orderAttemptRefusal } from "../launches/launch.server.ts";
import { eq, inArray, sql } from "drizzle-orm";
import { loginHref } from "../auth/login-href.ts";
import { normalizeName } from "../forms/person-name.ts";
import type { User } from "../auth/sessions.server.ts";
import { type Database, isDatabaseUnavailable } from "../db/client.server.ts";
import { products, users } from "../db/schema.ts";
import { type DeliveryProvider, pointKindOf } from "../delivery/provider.ts";
import { chooseDeliveryItem, DELIVERY_IDS, deriveCheckoutDelivery } from "../delivery/rules.ts";
import { isPaymentId, offeredPayments, PAYMENT_IDS, type PaymentId, paymentMethodLabels, paymentTexts } from "../payments/methods.ts";
import { getConfig } from "../config/config.server.ts";
import { ListError, parseProductId, removeFromList, setCartQuantity, type ListOwner } from "../lists/lists.server.ts";
import { type CartSummary, cartSummary } from "../lists/summary.server.ts";
import { findOrderByToken, orderGate, orderMessages, placeOrder, soldOutBeforeLocking } from "../orders/place-order.server.ts";
import type { Turn } from "../orders/order-gate.ts";
import { quantityField, readTypedQuantity } from "../lists/typed-quantity.ts";
import { formatMoney } from "../shared/format.ts";
import type { DeliveryChoiceGroup } from "../checkout/view.ts";
import { type OrderTerms, orderTerms, parseTermsKey, termsKey } from "../checkout/terms.ts";
import { activePromotions } from "../content/promotions.server.ts";
import { normalizePhone } from "../phone/phone.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { type DeliveryLookup, deliveryLookup, findOption, firstVisitDelivery, orderDeliveryRecord, parcelOf } from "../checkout/checkout.server.ts";
import { applyPostedFields, type CheckoutPost, companyOfDraft, validateForOrder } from "../checkout/draft-form.server.ts";
import type { CheckoutErrors } from "../checkout/form-errors.server.ts";
import { loadDraft, newCheckoutToken, saveDraft } from "../checkout/draft.server.ts";
import { identificationOfCheckout, needsIdentification } from "../compliance/identification.server.ts";
import { log } from "../shared/log.server.ts";
import { type CheckoutDraft, checkoutTexts, type PriceNotice } from "../checkout/draft.ts";

export type CheckoutScope = {
  db: Database;
  owner: ListOwner;
  user: User | null;
  rates: MetalRates | null;
  shopOpen: boolean;
  provider: DeliveryProvider;
  /** The buyer's address, for the limit on order attempts. */
  ip?: string | null;
};

/** Where the buyer goes after a post: back to the page (at a section), to sign in, or on to pay. */
export type CheckoutOutcome =
  /** `errors`: field errors for the page, carried by a one-shot cookie (form-errors.server.ts), never stored. */
  | { kind: "page"; search?: string; hash?: string; errors?: CheckoutErrors }
  | { kind: "login"; href: string }
  /** The order needs the buyer's identification (115-FZ) first: the identification step. */
  | { kind: "identify" }
  | { kind: "placed"; orderId: number; isNew: boolean; paymentId: PaymentId };

/**
 * Quantities typed into the cart lines ("qty:<id>"), applied within what may be bought; a line
 * set to 0 leaves the cart. A bad one (99999, 2.5, −5, letters…) changes nothing at all: the
 * errors, per line ("qty:<id>"), are returned for the page. A quantity left
 * as the page showed it is not a change: a stale tab does not undo what another tab did to the
 * cart (the order then differs from the page, which says so).
 */
async function applyCartEdits(scope: CheckoutScope, typed: Map<number, string>, remove: string | undefined, shown: OrderTerms | null): Promise<CheckoutErrors> {
  if (remove !== undefined) {
    await removeFromList(scope.db, "cart", scope.owner, [parseProductId(remove)]);
    return {};
  }
  // Most posts (a city, a delivery, placing the order) change no quantity: no cart read for them.
  if (typed.size === 0) return {};
  const lines = new Map((await cartSummary(scope.db, scope.owner, scope.rates)).lines.map((line) => [line.product.id, line]));
  const shownQuantities = new Map(shown?.lines.map(([id, quantity]) => [id, quantity]));
  const changes: [number, number][] = [];
  const errors: CheckoutErrors = {};
  for (const [productId, value] of typed) {
    const line = lines.get(productId);
    if (!line) continue;
    const untouched = shownQuantities.get(productId) ?? line.quantity;
    if (value.trim() === String(untouched)) continue;
    const reading = readTypedQuantity(value, { stock: line.product.stock, limit: line.limit });
    if (!reading.ok) errors[quantityField(productId)] = [reading.reason];
    else if (reading.quantity !== line.quantity) changes.push([productId, reading.quantity]);
  }
  if (Object.keys(errors).length > 0) return errors;
  for (const [productId, quantity] of changes) {
    if (quantity === 0) await removeFromList(scope.db, "cart", scope.owner, [productId]);
    else await setCartQuantity(scope.db, scope.owner, productId, quantity, { capAtStock: true });
  }
  return {};
}

/**
 * A post from a page this owner has no draft of (the sign-in ran out while the page was open, so
 * the post comes as the visitor's): the city is the one thing the form does not post as a field,
 * so it comes from what the page showed; the draft that follows the buyer back is then whole.
 */
async function cityOfPage(scope: CheckoutScope, draft: CheckoutDraft, shown: OrderTerms | null): Promise<CheckoutDraft> {
  if (!shown || shown.city === draft.city.code) return draft;
  const city = await scope.provider.city(shown.city).catch(() => undefined);
  return city ? { ...draft, city: { code: city.code, name: city.name, fullName: city.fullName }, pointCode: null } : draft;
}

/** A city, delivery, point and payment chosen on the form, each checked against what is offered. */
async function applyChoices(scope: CheckoutScope, draft: CheckoutDraft, post: CheckoutPost, lookup: DeliveryLookup): Promise<CheckoutDraft> {
  let next = draft;
  const cityCode = post.chooseCity;
  if (cityCode && cityCode !== draft.city.code) {
    const city = await scope.provider.city(cityCode).catch(() => undefined);
    if (city) {
      const delivery = deriveCheckoutDelivery((await lookup.offered(city.code)).groups);
      next = { ...next, city: { code: city.code, name: city.name, fullName: city.fullName }, delivery, pointCode: null };
    }
  }

  const offered = await lookup.offered(next.city.code);
  const postedDelivery = post.deliveryId;
  if (postedDelivery !== undefined && postedDelivery !== next.delivery.deliveryId) {
    const option = findOption(offered.groups, postedDelivery);
    if (option) {
      const samePointKind = pointKindOf(option.id) === pointKindOf(next.delivery.deliveryId);
      next = { ...next, delivery: chooseDeliveryItem(next.delivery, option), pointCode: samePointKind ? next.pointCode : null };
    }
  }

  const pointCode = post.pointCode;
  if (pointCode !== undefined && pointCode !== next.pointCode && pointKindOf(next.delivery.deliveryId)) {
    const points = await lookup.points(next.city.code, next.delivery.deliveryId);
    if (points.some((point) => point.code === pointCode)) next = { ...next, pointCode };
  }

  // The payment posted was chosen for the delivery the page showed: a new delivery brings its own
  // (spec: 6 with special contact, 4 otherwise), which the buyer may change on the next page.
  const deliveryChanged = next.delivery.deliveryId !== draft.delivery.deliveryId;
  if (!deliveryChanged) next = applySlotAndPayment(next, post);
  else if (post.pickupSlot !== undefined && next.delivery.deliveryId === DELIVERY_IDS.officePickup) next = { ...next, pickupSlot: post.pickupSlot };
  const paymentId = post.paymentId;
  // A company that chose the invoice keeps it across a change of delivery.
  if (deliveryChanged && draft.delivery.paymentId === PAYMENT_IDS.invoice && paymentId !== PAYMENT_IDS.online) {
    next = { ...next, delivery: { ...next.delivery, paymentId: PAYMENT_IDS.invoice } };
  }
  if (!next.delivery.specialDelivery && next.delivery.paymentId === PAYMENT_IDS.onReceipt) {
    next = { ...next, delivery: { ...next.delivery, paymentId: PAYMENT_IDS.online } };
  }
  return next;
}

/** The pickup slot and the payment posted for the delivery the draft has: choices that need no lookup. */
function applySlotAndPayment(draft: CheckoutDraft, post: CheckoutPost): CheckoutDraft {
  let next = draft;
  // The office pickup slot: checked against what is offered when the order is placed (it may fill meanwhile).
  if (post.pickupSlot !== undefined && next.delivery.deliveryId === DELIVERY_IDS.officePickup) next = { ...next, pickupSlot: post.pickupSlot };
  const paymentId = post.paymentId;
  // Payment on receipt only with special-contact delivery; online payment and invoice always (the order's size is checked when it is placed).
  if (paymentId === PAYMENT_IDS.online || paymentId === PAYMENT_IDS.invoice || (paymentId === PAYMENT_IDS.onReceipt && next.delivery.specialDelivery)) {
    next = { ...next, delivery: { ...next.delivery, paymentId } };
  }
  return next;
}

const money = (amount: number | null) => (amount === null ? "—" : amount === 0 ? "бесплатно" : formatMoney(amount));

/**
 * What differs between the terms the page showed and those the order would be placed on
 *, in words for the buyer; nothing when they are the same. Only prices moved:
 * the spec's 'updatePrices' table. Anything else (a delivery ticked but not applied, a quantity
 * typed but not recalculated, a change in another tab): a list of what changed.
 */
async function noticeOfChanges(
  scope: CheckoutScope,
  shown: OrderTerms | null,
  now: OrderTerms,
  context: { cart: CartSummary; draft: CheckoutDraft; groups: readonly DeliveryChoiceGroup[] },
): Promise<Pick<CheckoutDraft, "priceNotice" | "changeNotice"> | null> {
  const key = termsKey(now);
  if (shown && termsKey(shown) === key) return null;
  if (!shown) return { priceNotice: null, changeNotice: { messages: [checkoutTexts.termsUnknown], key } };

  const names = new Map(context.cart.lines.map((line) => [line.product.id, line.product.name]));
  const gone = shown.lines.map(([id]) => id).filter((id) => !names.has(id));
  if (gone.length > 0) {
    for (const row of await scope.db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, gone)))
      names.set(row.id, row.name);
  }
  const nameOf = (id: number) => `«${names.get(id) ?? "Монета"}»`;
  const before = new Map(shown.lines.map(([id, quantity, price]) => [id, { quantity, price }]));
  const after = new Map(now.lines.map(([id, quantity, price]) => [id, { quantity, price }]));
  const messages: string[] = [];
  const priceLines: PriceNotice["lines"] = [];
  for (const [id, was] of before) {
    const is = after.get(id);
    if (!is) messages.push(`${nameOf(id)} больше нет в заказе`);
    else if (is.quantity !== was.quantity) messages.push(`${nameOf(id)}: было ${was.quantity} шт., стало ${is.quantity} шт.`);
    if (is && is.price !== null && is.price !== was.price)
      priceLines.push({ name: names.get(id) ?? "Монета", quantity: is.quantity, was: was.price, now: is.price });
  }
  for (const [id, is] of after) if (!before.has(id)) messages.push(`${nameOf(id)} добавлена в заказ: ${is.quantity} шт.`);
  if (shown.city !== now.city) messages.push(`Город доставки: ${context.draft.city.fullName}`);
  else if (shown.deliveryId !== now.deliveryId) {
    const label = (id: number | null) => (id === null ? null : (findOption(context.groups, id)?.label ?? null));
    const was = label(shown.deliveryId);
    messages.push(was ? `Доставка: было «${was}», стало «${label(now.deliveryId)}»` : `Доставка: «${label(now.deliveryId)}»`);
  } else if (shown.deliveryPrice !== now.deliveryPrice)
    messages.push(`Стоимость доставки: было ${money(shown.deliveryPrice)}, стало ${money(now.deliveryPrice)}`);
  if (shown.paymentId !== now.paymentId) messages.push(`Оплата: «${isPaymentId(now.paymentId) ? paymentMethodLabels[now.paymentId] : now.paymentId}»`);

  if (messages.length === 0 && priceLines.length > 0) return { priceNotice: { lines: priceLines, goodsTotal: now.goods, key }, changeNotice: null };
  for (const line of priceLines) messages.push(`«${line.name}»: цена за шт. была ${money(line.was)}, стала ${money(line.now)}`);
  if (messages.length === 0 || shown.total !== now.total) messages.push(`К оплате: было ${formatMoney(shown.total)}, стало ${formatMoney(now.total)}`);
  return { priceNotice: null, changeNotice: { messages, key } };
}

/** The saved delivery profile (spec section 3, buyprofile) from the order just placed: the next checkout starts from it. */
async function rememberBuyProfile(db: Database, userId: number, draft: CheckoutDraft): Promise<void> {
  const buyProfile = {
    userinfo: {
      street: draft.address.street,
      house: draft.address.house,
      flat: draft.address.room,
      entrance: draft.address.entrance,
      floor: draft.address.floor,
      usercomment: draft.address.message,
      select_dlv_service: draft.delivery.deliveryId,
    },
    pvzinfo: draft.pointCode ? { id: draft.pointCode } : {},
    locinfo: { name: draft.city.name, code: draft.city.code },
  };
  await db
    .update(users)
    .set({ buyProfile, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * A step after the order exists (the draft's clean-up, the payment's start): the database
 * going away there must not hide the placed order behind the outage page, so the buyer gets
 * `fallback` instead. Any other error is a real fault and goes on.
 */
export async function afterPlacement<T>(orderId: number, step: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    log.warn("database unavailable after an order was placed; the buyer is sent to the order", {
      orderId,
      error: error instanceof Error ? error.message : String(error),
    });
    return fallback;
  }
}

/**
 * Every /checkout post: the whole form is saved into the draft first (so nothing typed is
 * lost, with or without JavaScript), then the button's intent runs. Placing the order is
 * placeOrder's transaction; this only prepares its input and records the outcome.
 */
export async function handleCheckoutPost(scope: CheckoutScope, post: CheckoutPost): Promise<CheckoutOutcome> {
  if (post.intent !== "place" || !scope.user) return handlePost(scope, post);
  // On a launch a crowd presses «Оформить заказ» in the same second. A coin already gone is said at once;
  // the others wait for a turn before any of their reads, so the database's connections stay free for
  // the pages, and one whose turn does not come in time is told so (orders/order-gate.ts).
  const soldOut = await soldOutBeforeLocking(scope.db, { owner: scope.owner });
  if (soldOut) return refusedBeforeTurn(scope, post, orderMessages.soldOut(soldOut));
  const turn = await orderGate().enter();
  if (!turn) return refusedBeforeTurn(scope, post, orderMessages.busy);
  try {
    return await handlePost(scope, post, turn);
  } finally {
    turn.leave();
  }
}

/**
 * The order refused before its turn: what the buyer typed, the slot and the payment are kept with the
 * reason, as on any post. A delivery or point changed in the same press is not: reading what is offered
 * is the work the turn spares (with JavaScript a delivery is saved as it is chosen).
 */
async function refusedBeforeTurn(scope: CheckoutScope, post: CheckoutPost, reason: string): Promise<CheckoutOutcome> {
  const stored = await loadDraft(scope.db, scope.owner, scope.user);
  const posted = applySlotAndPayment(applyPostedFields(stored.draft, post.texts), post);
  const draft = { ...posted, orderError: reason, priceNotice: null, changeNotice: null };
  await saveDraft(scope.db, scope.owner, { draft, token: stored.token });
  return { kind: "page", hash: "order-error" };
}

async function handlePost(scope: CheckoutScope, post: CheckoutPost, turn?: Turn): Promise<CheckoutOutcome> {
  const shownTerms = parseTermsKey(post.shown ?? null);
  let quantityErrors: CheckoutErrors = {};
  try {
    quantityErrors = await applyCartEdits(scope, post.quantities, post.removeLine, shownTerms);
  } catch (error) {
    if (!(error instanceof ListError)) throw error;
  }
  const stored = await loadDraft(scope.db, scope.owner, scope.user);
  const cart = await cartSummary(scope.db, scope.owner, scope.rates);
  const lookup = deliveryLookup(scope.provider, parcelOf(cart), await activePromotions(scope.db));
  let draft: CheckoutDraft = { ...applyPostedFields(stored.draft, post.texts), orderError: null, priceNotice: null, changeNotice: null };
  if (stored.revision === "new") {
    draft = await cityOfPage(scope, draft, shownTerms);
    draft = { ...draft, delivery: firstVisitDelivery(draft.delivery, (await lookup.offered(draft.city.code)).groups) };
  }
  draft = await applyChoices(scope, draft, post, lookup);
  const save = (next: CheckoutDraft, token = stored.token) => saveDraft(scope.db, scope.owner, { draft: next, token });
  const badQuantity = Object.keys(quantityErrors).length > 0;

  if (post.chooseCity !== undefined) {
    await save(draft);
    return { kind: "page", hash: "delivery", errors: quantityErrors };
  }
  if (post.intent === "find-city") {
    await save(draft);
    const query = post.cityQuery;
    return { kind: "page", search: query ? `?city=${encodeURIComponent(query)}` : "", hash: "city", errors: quantityErrors };
  }
  if (post.intent === "identify" && scope.user && !badQuantity) {
    await save(draft);
    return { kind: "identify" };
  }
  if (post.intent === "login" || ((post.intent === "place" || post.intent === "identify") && !scope.user)) {
    await save(draft);
    return { kind: "login", href: loginHref("/checkout") };
  }
  if (post.intent !== "place" || !scope.user || badQuantity) {
    await save(draft);
    return { kind: "page", hash: badQuantity || post.removeLine !== undefined ? "cart" : undefined, errors: quantityErrors };
  }

  // Placing the order. The token the page was rendered with comes first: a second submit of
  // that page (the first one has emptied the cart meanwhile) finds its order, not 'Корзина пуста'.
  const checkoutToken = post.token ?? stored.token;
  const placedBefore = await findOrderByToken(scope.db, scope.user.id, checkoutToken);
  if (placedBefore) return { kind: "placed", orderId: placedBefore.id, isNew: false, paymentId: draft.delivery.paymentId };

  const offered = await lookup.offered(draft.city.code);
  const option = findOption(offered.groups, draft.delivery.deliveryId);
  const needsPoint = !!option && !!pointKindOf(option.id);
  // The point is looked up again: it may have closed since it was chosen.
  const point =
    needsPoint && draft.pointCode ? (await lookup.points(draft.city.code, option.id)).find((candidate) => candidate.code === draft.pointCode) : undefined;
  if (needsPoint && !point) draft = { ...draft, pointCode: null };
  const needsSlot = option?.id === DELIVERY_IDS.officePickup;
  const errors = validateForOrder(draft, { needsPoint, courier: draft.delivery.courier, needsSlot });
  // An empty cart after an order from this draft (another tab placed it): the page shows that order instead.
  if (cart.lines.length === 0) draft.orderError = draft.lastOrderId !== null ? null : checkoutTexts.emptyCart;
  else if (offered.error) draft.orderError = offered.error;
  else if (!option) draft.orderError = checkoutTexts.unknownDelivery;
  const terms = orderTerms(cart, draft, option);
  // Payment ways by size: above the card limit the order is paid by invoice or on receipt.
  const cardLimit = getConfig().invoices.cardPaymentMaxRub;
  if (
    cart.lines.length > 0 &&
    !draft.orderError &&
    !offeredPayments({ specialDelivery: draft.delivery.specialDelivery, total: terms.total }, cardLimit).includes(draft.delivery.paymentId)
  ) {
    draft.orderError = paymentTexts.overCardLimit(formatMoney(cardLimit));
  }
  if (cart.lines.length > 0 && !draft.orderError) {
    // The payment ticked on the page is the buyer's own choice; one the server had to change is not.
    const shown = shownTerms;
    const postedPayment = post.paymentId;
    const ticked = shown && isPaymentId(postedPayment) ? { ...shown, paymentId: postedPayment } : shown;
    const notice = await noticeOfChanges(scope, ticked, terms, { cart, draft, groups: offered.groups });
    if (notice) draft = { ...draft, ...notice };
  }
  if (cart.lines.length === 0 || draft.orderError || draft.changeNotice || draft.priceNotice || Object.keys(errors).length > 0) {
    await save(draft);
    const hash = draft.orderError
      ? "order-error"
      : draft.changeNotice
        ? "order-changed"
        : draft.priceNotice
          ? "update-prices"
          : cart.lines.length === 0
            ? undefined
            : "form-errors";
    return { kind: "page", hash, errors };
  }

  const company = companyOfDraft(draft);
  // 115-FZ: at or above the threshold the buyer is identified for this checkout before it is placed.
  if (
    (await needsIdentification(scope.db, { userId: scope.user.id, total: terms.total, paymentId: draft.delivery.paymentId })) &&
    !(await identificationOfCheckout(scope.db, scope.user.id, checkoutToken))
  ) {
    await save(draft);
    return { kind: "identify" };
  }

  // A script firing «Оформить заказ» is held to a person's pace, per buyer and per address.
  const throttled = await orderAttemptRefusal(scope.db, { userId: scope.user.id, ip: scope.ip ?? null });
  if (throttled) {
    await save({ ...draft, orderError: throttled });
    return { kind: "page", hash: "order-error", errors: {} };
  }

  const result = await placeOrder(
    scope.db,
    {
      userId: scope.user.id,
      owner: scope.owner,
      checkoutToken,
      seenGoodsTotal: terms.goods,
      contact: {
        name: normalizeName(draft.contact.name),
        lastName: normalizeName(draft.contact.lastName),
        secondName: normalizeName(draft.contact.secondName),
        email: draft.contact.email.trim(),
        // Checked by validateForOrder: stored as +7XXXXXXXXXX however it was typed, like a sign-in number.
        phone: normalizePhone(draft.contact.phone)!,
      },
      city: { code: draft.city.code, name: draft.city.name },
      delivery: orderDeliveryRecord(option!, draft.delivery, point, draft.address),
      deliveryTotal: option!.price,
      paymentId: draft.delivery.paymentId,
      comment: draft.comment.trim(),
      // Checked by validateForOrder above.
      company: company.ok ? company.company : null,
      pickupSlot: needsSlot ? draft.pickupSlot : null,
    },
    { rates: scope.rates, shopOpen: scope.shopOpen, turn },
  );

  switch (result.kind) {
    case "placed":
    case "existing": {
      const fresh = result.kind === "placed" || checkoutToken === stored.token;
      // The next order gets a new token; the buyer's details stay for next time.
      const next = { ...draft, comment: "", orderError: null, priceNotice: null, changeNotice: null, lastOrderId: result.orderId };
      await afterPlacement(
        result.orderId,
        async () => {
          await save(next, fresh ? newCheckoutToken() : stored.token);
          if (result.kind === "placed") await rememberBuyProfile(scope.db, scope.user!.id, draft);
        },
        undefined,
      );
      return { kind: "placed", orderId: result.orderId, isNew: result.kind === "placed", paymentId: draft.delivery.paymentId };
    }
    case "prices-changed": {
      // The quotes moved between the check above and the order's transaction: the new terms, once more.
      const now = orderTerms(await cartSummary(scope.db, scope.owner, scope.rates), draft, option);
      const notice = await noticeOfChanges(scope, terms, now, { cart, draft, groups: offered.groups });
      await save({ ...draft, ...(notice ?? { changeNotice: { messages: [checkoutTexts.termsUnknown], key: termsKey(now) } }) });
      return { kind: "page", hash: notice?.priceNotice ? "update-prices" : "order-changed" };
    }
    case "refused":
      // The slot filled (or closed) while the buyer was ordering: the form is kept, the slot is chosen again.
      if (result.field === "pickupSlot") {
        await save({ ...draft, pickupSlot: null });
        return { kind: "page", hash: "pickup", errors: { pickupSlot: [result.reason] } };
      }
      await save({ ...draft, orderError: result.reason });
      return { kind: "page", hash: "order-error" };
  }
}
