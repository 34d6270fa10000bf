import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import demoDelivery from "../delivery/demo/embedded-delivery.json" with { type: "json" };
import { createEmbeddedDeliveryProvider } from "../delivery/embedded.ts";
import { addToCart, type ListOwner } from "../lists/lists.server.ts";
import { handleCheckoutPost, type CheckoutScope } from "./checkout-action.server.ts";
import { checkoutView } from "../checkout/checkout.server.ts";
import { moveDraft } from "../checkout/draft.server.ts";
import { parseCheckoutPost } from "../checkout/draft-form.server.ts";
import { products, users } from "../db/schema.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";

const rates = { gold: 11_000, silver: 150 };
const KAZAN = "9000000005";
const COURIER = 45;
const FREE_PICKUP_POINT = 76;
const database = withTempDatabase("checkout-action-test", async ({ db }) => {
  await productsSeeder.run(db);
});
const provider = createEmbeddedDeliveryProvider();

const scopeOf = (owner: ListOwner): CheckoutScope => ({ db: database.handle.db, owner, user: null, rates, shopOpen: true, provider });
const viewOf = (owner: ListOwner) => checkoutView(database.handle.db, { owner, user: null, rates, provider, pointFilter: "", cityQuery: "" });
const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return parseCheckoutPost(body);
};

describe("a checkout post from an owner without a draft (the sign-in ran out mid-checkout)", () => {
  it("keeps the city the page showed, so the draft that follows the buyer back after signing in is whole", async () => {
    const user: ListOwner = "user:checkout-expired";
    const visitor: ListOwner = `visitor:${crypto.randomUUID()}`;
    await addToCart(database.handle.db, user, 1, 1);
    await addToCart(database.handle.db, visitor, 1, 1);
    await handleCheckoutPost(scopeOf(user), form({ chooseCity: KAZAN }));
    await handleCheckoutPost(scopeOf(user), form({ deliveryId: String(COURIER), shown: (await viewOf(user)).shown }));
    const before = await viewOf(user);
    expect(before.draft.city.name).toBe("Казань");
    expect(before.chosen?.id).toBe(COURIER);

    // The session is gone: the page's post arrives as the visitor's, who has no draft.
    const outcome = await handleCheckoutPost(
      scopeOf(visitor),
      form({ token: before.token, shown: before.shown, deliveryId: String(COURIER), street: "ул. Баумана", house: "5", intent: "place" }),
    );
    expect(outcome.kind).toBe("login");
    await moveDraft(database.handle.db, visitor, user);

    const after = await viewOf(user);
    expect(after.draft.city).toEqual(before.draft.city);
    expect(after.chosen?.id).toBe(COURIER);
    expect(after.totals).toEqual(before.totals);
    expect(after.draft.address).toMatchObject({ street: "ул. Баумана", house: "5" });
  });
});

describe("the pickup point the page starts with", () => {
  it("is the only point of a city that has one, and none in a city of several (the buyer chooses)", async () => {
    const kazanWithOne = {
      ...demoDelivery,
      cities: demoDelivery.cities.map((city) => (city.code === KAZAN ? { ...city, points: city.points.slice(0, 1) } : city)),
    };
    const onePoint = createEmbeddedDeliveryProvider(kazanWithOne);
    const visitor: ListOwner = `visitor:${crypto.randomUUID()}`;
    await addToCart(database.handle.db, visitor, 1, 1);
    await handleCheckoutPost({ ...scopeOf(visitor), provider: onePoint }, form({ chooseCity: KAZAN }));

    const single = await checkoutView(database.handle.db, { owner: visitor, user: null, rates, provider: onePoint, pointFilter: "", cityQuery: "" });
    expect(single.chosen?.id).toBe(FREE_PICKUP_POINT);
    expect(single.points?.list).toHaveLength(1);
    expect(single.points?.selected?.code).toBe(kazanWithOne.cities.find((city) => city.code === KAZAN)!.points[0]!.code);
    // The form renders it checked: the page's draft carries it.
    expect(single.draft.pointCode).toBe(single.points?.selected?.code);

    const several = await viewOf(visitor);
    expect(several.points!.list.length).toBeGreaterThan(1);
    expect(several.points?.selected).toBeNull();
    expect(several.draft.pointCode).toBeNull();
  });
});

describe("«Оформить заказ» for a coin sold out since the page was shown", () => {
  it("is refused before the order's turn with the coin's name, keeping what was posted with it: the name and the payment", async () => {
    const db = database.handle.db;
    const [user] = await db.insert(users).values({ phone: "+79990001122" }).returning();
    const owner: ListOwner = `user:${user!.id}`;
    await addToCart(db, owner, 3, 1);
    const page = await checkoutView(db, { owner, user: user!, rates, provider, pointFilter: "", cityQuery: "" });
    await db.update(products).set({ stock: 0 }).where(eq(products.id, 3));
    try {
      const outcome = await handleCheckoutPost(
        { ...scopeOf(owner), user: user! },
        form({ token: page.token, shown: page.shown, name: "Мария", paymentId: String(PAYMENT_IDS.invoice), intent: "place" }),
      );
      expect(outcome).toEqual({ kind: "page", hash: "order-error" });
      const after = await checkoutView(db, { owner, user: user!, rates, provider, pointFilter: "", cityQuery: "" });
      expect(after.draft.orderError).toMatch(/^«.+» больше нет в продаже$/);
      expect(after.draft.contact.name).toBe("Мария");
      expect(after.draft.delivery.paymentId).toBe(PAYMENT_IDS.invoice);
    } finally {
      await db.update(products).set({ stock: 5 }).where(eq(products.id, 3));
    }
  });
});
