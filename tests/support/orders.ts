// Places a real order (placeOrder: the cart, the server's prices, the stock) for a new buyer,
// for suites that need an order before the checkout pages exist or without walking them.
import { randomInt, randomUUID } from "node:crypto";
import { offeredPickupDays } from "#app/modules/pickup/pickup.server.ts";
import { eq, sql } from "drizzle-orm";
import { pricingRule } from "#app/modules/catalog/products.server.ts";
import type { Database } from "#app/modules/db/client.server.ts";
import { products, users } from "#app/modules/db/schema.ts";
import { addToCart } from "#app/modules/lists/lists.server.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { salePrice } from "#app/modules/pricing/pricing.ts";

/** Metal prices the test orders are priced at (roubles per gram). */
export const testRates = { gold: 11_000, silver: 150 };

export type TestOrder = { orderId: number; number: string; total: number; goodsTotal: number; userId: number; phone: string };

export async function placeTestOrder(
  db: Database,
  options: {
    lines?: Array<{ productId: number; quantity: number }>;
    paymentId?: 4 | 6;
    deliveryTotal?: number;
    email?: string;
    lastName?: string;
    /** orders.delivery as the checkout stores it; a pickup point (79) when not given. */
    delivery?: Record<string, unknown>;
  } = {},
): Promise<TestOrder> {
  const lines = options.lines ?? [{ productId: 1, quantity: 1 }];
  const phone = `+79${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
  const lastName = options.lastName ?? "Петров";
  const [user] = await db
    .insert(users)
    .values({ phone, name: "Иван", lastName, email: options.email ?? "ivan@example.ru" })
    .returning();
  const owner = `user:${user!.id}` as const;
  let goodsTotal = 0;
  for (const line of lines) {
    // Enough coins for this order whatever the other tests bought.
    const [row] = await db
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, status: "active" })
      .where(eq(products.id, line.productId))
      .returning();
    goodsTotal += salePrice(row!, pricingRule(row!), testRates) * line.quantity;
    await addToCart(db, owner, line.productId, line.quantity);
  }
  const deliveryTotal = options.deliveryTotal ?? 0;
  const placed = await placeOrder(
    db,
    {
      userId: user!.id,
      owner,
      checkoutToken: randomUUID(),
      seenGoodsTotal: goodsTotal,
      contact: { name: "Иван", lastName, secondName: "", email: options.email ?? "ivan@example.ru", phone },
      city: { code: "0000073738", name: "Москва" },
      delivery: options.delivery ?? { id: 79, type: "sdek", courier: false },
      deliveryTotal,
      paymentId: options.paymentId ?? 4,
      comment: "",
      // Office pickup books a place: the first slot with one free, as a buyer at checkout would.
      pickupSlot: options.delivery?.id === 35 ? await firstFreeSlot(db) : null,
    },
    { rates: testRates, shopOpen: true },
  );
  if (placed.kind !== "placed") throw new Error(`The test order was not placed: ${JSON.stringify(placed)}`);
  return { orderId: placed.orderId, number: placed.number, total: goodsTotal + deliveryTotal, goodsTotal, userId: user!.id, phone };
}

async function firstFreeSlot(db: Database): Promise<string | null> {
  const days = await offeredPickupDays(db);
  return days.flatMap((day) => day.slots).find((slot) => slot.free > 0)?.key ?? null;
}

/** orders.delivery as the checkout stores it for office pickup (35): no point, no address. */
export const officePickupDelivery = {
  id: 35,
  name: "Самовывоз из офиса в Москве",
  type: "pickup",
  courier: false,
  point: null,
  pointAddress: null,
  address: null,
};
