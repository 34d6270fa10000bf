import { eq, sql } from "drizzle-orm";
import { loginHref } from "../account/login-href.ts";
import type { User } from "../auth/sessions.server.ts";
import type { Database } from "../db/client.server.ts";
import { users } from "../db/schema.ts";
import { type DeliveryProvider, pointKindOf } from "../delivery/provider.ts";
import { chooseDeliveryItem, deriveCheckoutDelivery, PAYMENT_IDS, type PaymentId } from "../delivery/rules.ts";
import { ListError, parseProductId, removeFromList, setCartQuantity, type ListOwner } from "../lists/lists.server.ts";
import { cartSummary } from "../lists/summary.server.ts";
import { findOrderByToken, placeOrder } from "../orders/place-order.server.ts";
import { normalizePhone } from "../phone/phone.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { type DeliveryLookup, deliveryLookup, findOption, firstVisitDelivery, parcelOf } from "./checkout.server.ts";
import { applyPostedFields, validateForOrder } from "./draft-form.server.ts";
import { loadDraft, newCheckoutToken, saveDraft } from "./draft.server.ts";
import { type CheckoutDraft, checkoutTexts } from "./draft.ts";

export type CheckoutScope = {
  db: Database;
  owner: ListOwner;
  user: User | null;
  rates: MetalRates | null;
  shopOpen: boolean;
  provider: DeliveryProvider;
};

/** Where the buyer goes after a post: back to the page (at a section), to sign in, or on to pay. */
export type CheckoutOutcome =
  | { kind: "page"; search?: string; hash?: string }
  | { kind: "login"; href: string }
  | { kind: "placed"; orderId: number; isNew: boolean; paymentId: PaymentId };

const intents = ["save", "find-city", "place", "login"] as const;
type Intent = (typeof intents)[number];

function intentOf(form: FormData): Intent {
  const value = form.get("intent");
  return intents.includes(value as Intent) ? (value as Intent) : "save";
}

/** Quantities typed into the cart lines ("qty:<id>"), applied within stock; a line set to 0 leaves the cart. */
async function applyCartEdits(scope: CheckoutScope, form: FormData): Promise<void> {
  const remove = form.get("removeLine");
  if (remove !== null) {
    await removeFromList(scope.db, "cart", scope.owner, [parseProductId(remove)]);
    return;
  }
  // Most posts (a city, a delivery, placing the order) change no quantity: no cart read for them.
  if (![...form.keys()].some((name) => name.startsWith("qty:"))) return;
  const current = new Map((await cartSummary(scope.db, scope.owner, scope.rates)).lines.map((line) => [line.product.id, line.quantity]));
  for (const [name, value] of form) {
    if (!name.startsWith("qty:") || typeof value !== "string") continue;
    const productId = Number(name.slice(4));
    const quantity = Number(value.trim());
    if (!current.has(productId) || !/^\d{1,4}$/.test(value.trim()) || quantity === current.get(productId)) continue;
    if (quantity === 0) await removeFromList(scope.db, "cart", scope.owner, [productId]);
    else await setCartQuantity(scope.db, scope.owner, productId, quantity, { capAtStock: true });
  }
}

/** A city, delivery, point and payment chosen on the form, each checked against what is offered. */
async function applyChoices(scope: CheckoutScope, draft: CheckoutDraft, form: FormData, lookup: DeliveryLookup): Promise<CheckoutDraft> {
  let next = draft;
  const cityCode = form.get("chooseCity");
  if (typeof cityCode === "string" && /^\d{1,10}$/.test(cityCode) && cityCode !== draft.city.code) {
    const city = await scope.provider.city(cityCode).catch(() => undefined);
    if (city) {
      const delivery = deriveCheckoutDelivery((await lookup.offered(city.code)).groups);
      next = { ...next, city: { code: city.code, name: city.name, fullName: city.fullName }, delivery, pointCode: null };
    }
  }

  const offered = await lookup.offered(next.city.code);
  const postedDelivery = Number(form.get("deliveryId"));
  if (Number.isInteger(postedDelivery) && postedDelivery !== next.delivery.deliveryId) {
    const option = findOption(offered.groups, postedDelivery);
    if (option) {
      const samePointKind = pointKindOf(option.id) === pointKindOf(next.delivery.deliveryId);
      next = { ...next, delivery: chooseDeliveryItem(next.delivery, option), pointCode: samePointKind ? next.pointCode : null };
    }
  }

  const pointCode = form.get("pointCode");
  if (typeof pointCode === "string" && pointCode !== next.pointCode && pointKindOf(next.delivery.deliveryId)) {
    const points = await lookup.points(next.city.code, next.delivery.deliveryId);
    if (points.some((point) => point.code === pointCode)) next = { ...next, pointCode };
  }

  const paymentId = Number(form.get("paymentId"));
  // Payment on receipt only with special-contact delivery; online payment always.
  if (paymentId === PAYMENT_IDS.online || (paymentId === PAYMENT_IDS.onReceipt && next.delivery.specialDelivery)) {
    next = { ...next, delivery: { ...next.delivery, paymentId } };
  }
  if (!next.delivery.specialDelivery && next.delivery.paymentId !== PAYMENT_IDS.online) {
    next = { ...next, delivery: { ...next.delivery, paymentId: PAYMENT_IDS.online } };
  }
  return next;
}

/** The price the page showed for each coin ("seen:<id>"), only to tell the buyer what changed. */
function seenPrices(form: FormData): Map<number, number> {
  const seen = new Map<number, number>();
  for (const [name, value] of form) {
    if (name.startsWith("seen:") && typeof value === "string" && /^\d{1,9}$/.test(value)) seen.set(Number(name.slice(5)), Number(value));
  }
  return seen;
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
  await db.update(users).set({ buyProfile, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * Every /checkout post: the whole form is saved into the draft first (so nothing typed is
 * lost, with or without JavaScript), then the button's intent runs. Placing the order is
 * placeOrder's transaction; this only prepares its input and records the outcome.
 */
export async function handleCheckoutPost(scope: CheckoutScope, form: FormData): Promise<CheckoutOutcome> {
  const intent = intentOf(form);
  try {
    await applyCartEdits(scope, form);
  } catch (error) {
    if (!(error instanceof ListError)) throw error;
  }
  const stored = await loadDraft(scope.db, scope.owner, scope.user);
  const cart = await cartSummary(scope.db, scope.owner, scope.rates);
  const lookup = deliveryLookup(scope.provider, parcelOf(cart));
  let draft: CheckoutDraft = { ...applyPostedFields(stored.draft, form), errors: {}, orderError: null, priceNotice: null };
  if (stored.revision === "new") draft = { ...draft, delivery: firstVisitDelivery(draft.delivery, (await lookup.offered(draft.city.code)).groups) };
  draft = await applyChoices(scope, draft, form, lookup);
  const save = (next: CheckoutDraft, token = stored.token) => saveDraft(scope.db, scope.owner, { draft: next, token });

  if (form.get("chooseCity") !== null) {
    await save(draft);
    return { kind: "page", hash: "delivery" };
  }
  if (intent === "find-city") {
    await save(draft);
    const query = String(form.get("cityQuery") ?? "").trim().slice(0, 60);
    return { kind: "page", search: query ? `?city=${encodeURIComponent(query)}` : "", hash: "city" };
  }
  if (intent === "login" || (intent === "place" && !scope.user)) {
    await save(draft);
    return { kind: "login", href: loginHref("/checkout") };
  }
  if (intent !== "place" || !scope.user) {
    await save(draft);
    return { kind: "page", hash: typeof form.get("removeLine") === "string" ? "cart" : undefined };
  }

  // Placing the order. The token the page was rendered with comes first: a second submit of
  // that page (the first one has emptied the cart meanwhile) finds its order, not 'Корзина пуста'.
  const postedToken = String(form.get("token") ?? "");
  const checkoutToken = /^[\w-]{16,64}$/.test(postedToken) ? postedToken : stored.token;
  const placedBefore = await findOrderByToken(scope.db, scope.user.id, checkoutToken);
  if (placedBefore) return { kind: "placed", orderId: placedBefore.id, isNew: false, paymentId: draft.delivery.paymentId };

  const offered = await lookup.offered(draft.city.code);
  const option = findOption(offered.groups, draft.delivery.deliveryId);
  const needsPoint = !!option && !!pointKindOf(option.id);
  // The point is looked up again: it may have closed since it was chosen.
  const point = needsPoint && draft.pointCode ? (await lookup.points(draft.city.code, option.id)).find((candidate) => candidate.code === draft.pointCode) : undefined;
  if (needsPoint && !point) draft = { ...draft, pointCode: null };
  const errors = validateForOrder(draft, { needsPoint, courier: draft.delivery.courier });
  if (cart.lines.length === 0) draft.orderError = checkoutTexts.emptyCart;
  else if (offered.error) draft.orderError = offered.error;
  else if (!option) draft.orderError = checkoutTexts.unknownDelivery;
  if (draft.orderError || Object.keys(errors).length > 0) {
    await save({ ...draft, errors });
    return { kind: "page", hash: draft.orderError ? "order-error" : "form-errors" };
  }

  const result = await placeOrder(
    scope.db,
    {
      userId: scope.user.id,
      owner: scope.owner,
      checkoutToken,
      seenGoodsTotal: Number(form.get("seenTotal")),
      contact: {
        name: draft.contact.name.trim(),
        lastName: draft.contact.lastName.trim(),
        secondName: draft.contact.secondName.trim(),
        email: draft.contact.email.trim(),
        // Checked by validateForOrder: stored as +7XXXXXXXXXX however it was typed, like a sign-in number.
        phone: normalizePhone(draft.contact.phone)!,
      },
      city: { code: draft.city.code, name: draft.city.name },
      delivery: {
        id: option!.id,
        name: option!.label,
        type: draft.delivery.type,
        courier: draft.delivery.courier,
        point: point ? point.code : null,
        pointAddress: point ? `${point.name}, ${point.address}` : null,
        address: draft.delivery.courier ? draft.address : null,
        minDays: option!.minDays,
        maxDays: option!.maxDays,
      },
      deliveryTotal: option!.price,
      paymentId: draft.delivery.paymentId,
      comment: draft.comment.trim(),
    },
    { rates: scope.rates, shopOpen: scope.shopOpen },
  );

  switch (result.kind) {
    case "placed":
    case "existing": {
      const fresh = result.kind === "placed" || checkoutToken === stored.token;
      // The next order gets a new token; the buyer's details stay for next time.
      await save({ ...draft, comment: "", errors: {}, orderError: null, priceNotice: null }, fresh ? newCheckoutToken() : stored.token);
      if (result.kind === "placed") await rememberBuyProfile(scope.db, scope.user.id, draft);
      return { kind: "placed", orderId: result.orderId, isNew: result.kind === "placed", paymentId: draft.delivery.paymentId };
    }
    case "prices-changed": {
      const seen = seenPrices(form);
      const priceNotice = {
        goodsTotal: result.goodsTotal,
        lines: result.lines.map((line) => ({ name: line.name, quantity: line.quantity, was: seen.get(line.productId) ?? null, now: line.price })),
      };
      await save({ ...draft, priceNotice });
      return { kind: "page", hash: "update-prices" };
    }
    case "refused":
      await save({ ...draft, orderError: result.reason });
      return { kind: "page", hash: "order-error" };
  }
}
