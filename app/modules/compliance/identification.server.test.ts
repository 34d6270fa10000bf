import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { productsSeeder } from "../seed/catalog-products.server.ts";
import { notifications, orderEvents, orders, products, users } from "../db/schema.ts";
import { addToCart } from "../lists/lists.server.ts";
import { placeOrder, type OrderInput } from "../orders/place-order.server.ts";
import { salePrice } from "../pricing/pricing.ts";
import { parseExtremistList } from "./extremist-list.ts";
import { importExtremistList, latestIdentification, saveIdentification } from "./identification.server.ts";
import type { IdentificationData } from "./identification.ts";

const rates = { gold: 11_000, silver: 150 };
const GEORGIY = 1;

const database = withTempDatabase("identification-test", async ({ db }) => {
  await productsSeeder.run(db);
  await db.update(products).set({ stock: 50 }).where(eq(products.id, GEORGIY));
});

let userCounter = 0;
async function buyer() {
  userCounter++;
  const [user] = await database.handle.db
    .insert(users)
    .values({ phone: `+7900111${String(userCounter).padStart(4, "0")}` })
    .returning();
  return { id: user!.id, owner: `user:${user!.id}` as const };
}

const person: IdentificationData = {
  fullName: "Иванов Иван Иванович",
  birthDate: "1980-03-14",
  citizenship: "Россия",
  passportSeries: "4510",
  passportNumber: "123456",
  issueDate: "2000-04-01",
  issuer: "ОВД",
  issuerCode: "",
  registrationAddress: "Москва",
};

async function order(user: { id: number; owner: `user:${string}` }, token: string) {
  await addToCart(database.handle.db, user.owner, GEORGIY, 1);
  const [row] = await database.handle.db.select().from(products).where(eq(products.id, GEORGIY));
  const price = salePrice(row!, { kind: "metal", premiumPercent: row!.premiumPercent, fixedPremium: row!.fixedPremium }, rates);
  const input: OrderInput = {
    userId: user.id,
    owner: user.owner,
    checkoutToken: token,
    seenGoodsTotal: price,
    contact: { name: "Иван", lastName: "Иванов", secondName: "", email: "", phone: "+79160000000" },
    city: { code: "0000073738", name: "Москва" },
    delivery: { id: 79 },
    deliveryTotal: 0,
    paymentId: 4,
    comment: "",
  };
  // The threshold is the coin's price: the order is exactly at it.
  return { price, result: await placeOrder(database.handle.db, input, { rates, shopOpen: true, identification: { nonCash: price, cash: price } }) };
}

describe("the order's transaction and identification", () => {
  it("refuses an order at the threshold without an identification for its checkout, and writes nothing", async () => {
    const user = await buyer();
    await saveIdentification(database.handle.db, { userId: user.id, checkoutToken: "another-checkout-token", data: person });
    const { result } = await order(user, crypto.randomUUID());
    expect(result).toEqual({ kind: "refused", reason: "Заказ не оформлен: для этой суммы нужна идентификация покупателя." });
    expect(await database.handle.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it("places it with the identification given for this checkout and keeps which one", async () => {
    const user = await buyer();
    const token = crypto.randomUUID();
    const id = await saveIdentification(database.handle.db, { userId: user.id, checkoutToken: token, data: person });
    const { result } = await order(user, token);
    expect(result.kind).toBe("placed");
    const [row] = await database.handle.db.select().from(orders).where(eq(orders.userId, user.id));
    expect([row!.status, row!.identificationId]).toEqual(["awaiting_payment", id]);
    expect(await latestIdentification(database.handle.db, user.id)).toEqual(person);
  });

  it("holds a listed person's order for review: no payment window, a staff message, none for the buyer", async () => {
    await importExtremistList(
      database.handle.db,
      parseExtremistList(
        "<П><АктуальныйПеречень><Субъект><ИдСубъекта>7</ИдСубъекта><ФЛ><ФИО>ПЕТРОВ ПЁТР</ФИО><ДатаРождения>1975-01-02</ДатаРождения></ФЛ></Субъект></АктуальныйПеречень></П>",
      ),
    );
    const user = await buyer();
    const token = crypto.randomUUID();
    await saveIdentification(database.handle.db, {
      userId: user.id,
      checkoutToken: token,
      data: { ...person, fullName: "Петров Петр", birthDate: "1975-01-02" },
    });
    const { result } = await order(user, token);
    expect(result.kind).toBe("placed");
    const [row] = await database.handle.db.select().from(orders).where(eq(orders.userId, user.id));
    expect([row!.status, row!.paymentDueAt]).toEqual(["on_review", null]);
    // No 'order placed, pay by …' for the buyer (staff channels are not set up in this test).
    const messages = await database.handle.db.select().from(notifications).where(eq(notifications.orderId, row!.id));
    expect(messages.filter((message) => message.audience === "buyer")).toEqual([]);
    const history = await database.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, row!.id));
    expect(history.map((event) => [event.status, event.note])).toEqual([["on_review", "Заказ на проверке"]]);
  });
});
