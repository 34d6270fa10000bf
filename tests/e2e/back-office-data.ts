// The back office's data for the e2e shop (not a spec): before the shop starts, tests/e2e/server.ts
// adds a manager and a few orders paid through the sandbox to its fresh database (the embedded
// database is one process's, so it cannot be done while the shop runs).
import { migrateDatabase, openDatabase } from "#app/modules/db/client.server.ts";
import { seedDatabase } from "#app/modules/seed/seed.server.ts";
import { completeSandboxPayment, latestPayment, startPayment } from "#app/modules/orders/payments.server.ts";
import { createSandboxProvider } from "#app/modules/payments/sandbox.server.ts";
import { cliActor } from "#app/modules/audit/audit.server.ts";
import { addStaff } from "#app/modules/staff/staff.server.ts";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { officePickupDelivery, placeTestOrder } from "#tests/support/orders.ts";
import { changeOrderStatus } from "#app/modules/orders/operator.server.ts";
import { orderLines, returnRequests, users } from "#app/modules/db/schema.ts";
import { eq } from "drizzle-orm";

/** A silver coin: the orders stay under the identification threshold (115-FZ) the e2e shop keeps at its default. */
const SILVER_COIN = demoCatalog.findIndex((coin) => coin.slug === "300-letie-poltavskoy-bitvy-3-rublya-2009") + 1;

/**
 * Managers for the e2e journeys, one per project: a staff phone gets no new code within two
 * minutes (decision 013), so the JS and no-JS runs sign in with phones of their own. Each moves
 * the paid orders of its own buyer (found by surname), as the two projects run at the same time
 * and buyers of other specs wait for their own orders' statuses.
 */
export const e2eManagers = {
  js: { typed: "+7 (999) 000-00-11", normal: "+79990000011", buyersSurname: "Сборщиков" },
  nojs: { typed: "+7 (999) 000-00-12", normal: "+79990000012", buyersSurname: "Упаковщиков" },
};

/** Content editors for the catalogue editor's journey, one per project (as the managers above). */
export const e2eContentEditors = {
  js: { typed: "+7 (999) 000-00-21", normal: "+79990000021" },
  nojs: { typed: "+7 (999) 000-00-22", normal: "+79990000022" },
};

/** Owners who write news in the content editor and read the audit log, one per project (the code rule above). */
export const e2eEditors = {
  js: { typed: "+7 (999) 000-00-23", normal: "+79990000023", name: "Редактор новостей e2e" },
  nojs: { typed: "+7 (999) 000-00-24", normal: "+79990000024", name: "Редактор новостей e2e" },
};

/** Owners who read every back-office table on a phone (phone-layout.spec.ts), one per project (the code rule above). */
export const e2eLayoutReaders = {
  js: { typed: "+7 (999) 000-00-31", normal: "+79990000031" },
  nojs: { typed: "+7 (999) 000-00-32", normal: "+79990000032" },
};

/** Owners who connect 1C on «Обмен с 1С» and publish a new good from it (exchange.spec.ts), one per project (the code rule above). */
export const e2eExchangeOwners = {
  js: { typed: "+7 (999) 000-00-41", normal: "+79990000041" },
  nojs: { typed: "+7 (999) 000-00-42", normal: "+79990000042" },
};

/** Owners whose pages phone-layout.spec.ts photographs right after the readers above signed in (the code rule above). */
export const e2eLayoutPhotographers = {
  js: { typed: "+7 (999) 000-00-33", normal: "+79990000033" },
  nojs: { typed: "+7 (999) 000-00-34", normal: "+79990000034" },
};

/** Managers who take an order by phone and change it (staff-orders.spec.ts), one per project (the code rule above). */
export const e2eOrderTakers = {
  js: { typed: "+7 (999) 000-00-51", normal: "+79990000051", buyerPhone: "+7 (999) 000-05-51" },
  nojs: { typed: "+7 (999) 000-00-52", normal: "+79990000052", buyerPhone: "+7 (999) 000-05-52" },
};

/** Managers who apply a bank statement to the invoices of invoices.spec.ts, one per project (the code rule above). */
export const e2eInvoiceManagers = {
  js: { typed: "+7 (999) 000-00-53", normal: "+79990000053" },
  nojs: { typed: "+7 (999) 000-00-54", normal: "+79990000054" },
};

/**
 * Reviewers of reviews.spec.ts, one per project: a buyer whose order of the coin was delivered (so may
 * review it) and a content editor who publishes the review (the code rule above).
 */
export const e2eReviewers = {
  js: {
    buyer: { typed: "+7 (999) 000-06-71", normal: "+79990000671" },
    editor: { typed: "+7 (999) 000-00-61", normal: "+79990000061" },
    coin: "sobol-3-rublya-1994",
  },
  nojs: {
    buyer: { typed: "+7 (999) 000-06-72", normal: "+79990000672" },
    editor: { typed: "+7 (999) 000-00-62", normal: "+79990000062" },
    coin: "znak-zodiaka-skorpion-2-rublya-2002",
  },
};

/**
 * Buyers' returns (returns.spec.ts), one per project: a buyer with an order paid and received today,
 * and the manager who takes the return (the code rule above).
 */
export const e2eReturns = {
  js: { buyerDigits: "9990000661", manager: { typed: "+7 (999) 000-00-63", normal: "+79990000063" } },
  nojs: { buyerDigits: "9990000662", manager: { typed: "+7 (999) 000-00-64", normal: "+79990000064" } },
};

/** Pre-orders (preorders.spec.ts), one buyer and one content editor per project, on the demo's coming coin. */
export const e2ePreorders = {
  js: { buyer: { typed: "+7 (999) 000-06-91", normal: "+79990000691" }, editor: { typed: "+7 (999) 000-06-93", normal: "+79990000693" } },
  nojs: { buyer: { typed: "+7 (999) 000-06-92", normal: "+79990000692" }, editor: { typed: "+7 (999) 000-06-94", normal: "+79990000694" } },
};

/**
 * A return of an order paid on receipt, its coin received, for the money given back by hand (decision
 * 061); and an office-pickup order with its slot, for the order page's «Когда заберёт». Per project.
 */
export const e2eReturnsByHand = {
  js: { buyerDigits: "9990000681", manager: { typed: "+7 (999) 000-06-85", normal: "+79990000685" }, pickupSurname: "Самовывозов" },
  nojs: { buyerDigits: "9990000682", manager: { typed: "+7 (999) 000-06-86", normal: "+79990000686" }, pickupSurname: "Самовывозин" },
};

/** A large pre-order's identification step (preorder-identification.spec.ts), one buyer per project. */
export const e2ePreorderIdentification = {
  js: { buyer: { typed: "+7 (999) 000-06-95", normal: "+79990000695" } },
  nojs: { buyer: { typed: "+7 (999) 000-06-96", normal: "+79990000696" } },
};

/** Paid orders waiting for each manager: one per journey (a desktop and a phone), and one spare. */
const PAID_ORDERS_EACH = 3;

export async function prepareBackOffice(dataDir: string, publicUrl: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl: undefined, dataDir, databasePoolMax: 1 });
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle.db, { onlyNew: true });
    for (const manager of Object.values(e2eManagers)) {
      const added = await addStaff(handle.db, { phone: manager.typed, role: "manager", name: "Менеджер e2e" }, cliActor);
      if (!added.ok) throw new Error(added.reason);
    }
    for (const taker of Object.values(e2eOrderTakers)) {
      const added = await addStaff(handle.db, { phone: taker.typed, role: "manager", name: "Принимающий заказы e2e" }, cliActor);
      if (!added.ok) throw new Error(added.reason);
    }
    for (const manager of Object.values(e2eInvoiceManagers)) {
      const added = await addStaff(handle.db, { phone: manager.typed, role: "manager", name: "Бухгалтер e2e" }, cliActor);
      if (!added.ok) throw new Error(added.reason);
    }
    for (const editor of Object.values(e2eContentEditors)) {
      const added = await addStaff(handle.db, { phone: editor.typed, role: "content", name: "Редактор e2e" }, cliActor);
      if (!added.ok) throw new Error(added.reason);
    }
    for (const editor of Object.values(e2eEditors)) {
      const added = await addStaff(handle.db, { phone: editor.typed, role: "owner", name: editor.name }, cliActor);
      if (!added.ok) throw new Error(added.reason);
    }
    for (const reader of [...Object.values(e2eLayoutReaders), ...Object.values(e2eLayoutPhotographers)]) {
      const added = await addStaff(handle.db, { phone: reader.typed, role: "owner", name: "Читатель таблиц e2e" }, cliActor);
      if (!added.ok) throw new Error(added.reason);
    }
    for (const owner of Object.values(e2eExchangeOwners)) {
      const added = await addStaff(handle.db, { phone: owner.typed, role: "owner", name: "Владелец обмена e2e" }, cliActor);
      if (!added.ok) throw new Error(added.reason);
    }
    for (const { editor, buyer } of Object.values(e2ePreorders)) {
      const added = await addStaff(handle.db, { phone: editor.typed, role: "content", name: "Редактор анонсов e2e" }, cliActor);
      if (!added.ok) throw new Error(added.reason);
      // A buyer with a cabinet already, so the sign-in leads back to the coin's page.
      await handle.db
        .insert(users)
        .values({ phone: buyer.normal, name: "Пётр", lastName: "Предзаказов", email: `preorder${buyer.normal.slice(-3)}@example.ru` })
        .onConflictDoNothing();
    }
    for (const { buyer } of Object.values(e2ePreorderIdentification))
      await handle.db
        .insert(users)
        .values({ phone: buyer.normal, name: "Пётр", lastName: "Паспортов", email: `preorder${buyer.normal.slice(-3)}@example.ru` })
        .onConflictDoNothing();
    for (const reviewer of Object.values(e2eReviewers)) {
      const added = await addStaff(handle.db, { phone: reviewer.editor.typed, role: "content", name: "Модератор отзывов e2e" }, cliActor);
      if (!added.ok) throw new Error(added.reason);
      const productId = demoCatalog.findIndex((coin) => coin.slug === reviewer.coin) + 1;
      const order = await placeTestOrder(handle.db, { lines: [{ productId, quantity: 1 }], lastName: "Отзывов" });
      for (const status of ["paid", "assembling", "shipped", "completed"] as const) {
        const moved = await changeOrderStatus(handle.db, order.number, status, status === "shipped" ? { trackingNumber: "RB123456789RU" } : {});
        if (!moved.ok) throw new Error(`e2e review order not ${status}: ${moved.reason}`);
      }
      await handle.db.update(users).set({ phone: reviewer.buyer.normal }).where(eq(users.id, order.userId));
    }
    const sandbox = createSandboxProvider(handle.db, { publicUrl });
    for (const { buyerDigits, manager } of Object.values(e2eReturns)) {
      const added = await addStaff(handle.db, { phone: manager.typed, role: "manager", name: "Менеджер возвратов e2e" }, cliActor);
      if (!added.ok) throw new Error(added.reason);
      const order = await placeTestOrder(handle.db, { lines: [{ productId: SILVER_COIN, quantity: 2 }], lastName: "Возвратов" });
      await handle.db
        .update(users)
        .set({ phone: `+7${buyerDigits}` })
        .where(eq(users.id, order.userId));
      const started = await startPayment(handle.db, sandbox, { id: order.orderId }, { publicUrl });
      if (started.kind !== "redirect") throw new Error(`e2e order not paid: ${started.reason}`);
      await completeSandboxPayment(handle.db, (await latestPayment(handle.db, order.orderId))!.providerPaymentId!, "pay", publicUrl);
      for (const to of ["assembling", "ready_for_pickup", "completed"] as const) {
        const moved = await changeOrderStatus(handle.db, order.number, to);
        if (!moved.ok) throw new Error(moved.reason);
      }
    }
    for (const { buyerDigits, manager, pickupSurname } of Object.values(e2eReturnsByHand)) {
      const added = await addStaff(handle.db, { phone: manager.typed, role: "manager", name: "Менеджер возвратов e2e" }, cliActor);
      if (!added.ok) throw new Error(added.reason);
      const order = await placeTestOrder(handle.db, { paymentId: 6, lines: [{ productId: SILVER_COIN, quantity: 2 }], lastName: "Наличных" });
      await handle.db
        .update(users)
        .set({ phone: `+7${buyerDigits}` })
        .where(eq(users.id, order.userId));
      for (const to of ["assembling", "ready_for_pickup", "completed"] as const) {
        const moved = await changeOrderStatus(handle.db, order.number, to);
        if (!moved.ok) throw new Error(moved.reason);
      }
      // The request's own steps are the HTTP suite's (return-refund-by-hand.test.ts): here it starts received.
      const [line] = await handle.db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId));
      await handle.db.insert(returnRequests).values({
        orderId: order.orderId,
        userId: order.userId,
        status: "received",
        sellable: true,
        lines: [{ orderLineId: line!.id, name: line!.name, quantity: 1, priceRub: line!.price }],
        amount: line!.price,
        reason: "Не подошла",
        handover: "bring",
      });
      await placeTestOrder(handle.db, { lines: [{ productId: SILVER_COIN, quantity: 1 }], lastName: pickupSurname, delivery: officePickupDelivery });
    }
    for (let index = 0; index < PAID_ORDERS_EACH * Object.keys(e2eManagers).length; index++) {
      const { buyersSurname } = Object.values(e2eManagers)[index % Object.keys(e2eManagers).length]!;
      const order = await placeTestOrder(handle.db, { lines: [{ productId: SILVER_COIN, quantity: 2 }], deliveryTotal: 390, lastName: buyersSurname });
      const started = await startPayment(handle.db, sandbox, { id: order.orderId }, { publicUrl });
      if (started.kind !== "redirect") throw new Error(`e2e order not paid: ${started.reason}`);
      await completeSandboxPayment(handle.db, (await latestPayment(handle.db, order.orderId))!.providerPaymentId!, "pay", publicUrl);
    }
  } finally {
    await handle.close();
  }
}
