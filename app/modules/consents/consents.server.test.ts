import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { issueCode } from "../auth/codes.server.ts";
import { completeRegistration, signInWithCode, type AuthDeps } from "../auth/sign-in.server.ts";
import { buybackRequests, consents, orders, pages, returnRequests, smsCodes, users } from "../db/schema.ts";
import { exportAccountData } from "./account-data.server.ts";
import type { SmsGateway } from "../sms/sms.ts";
import { deleteAccount } from "./account-data.server.ts";
import { consentDocument, consentDocumentHash, consentWithdrawn, listConsents, recordConsent, withdrawConsent } from "./consents.server.ts";
import { CONSENT_DOCUMENT_PATH } from "../shop/contacts.ts";

const gateway: SmsGateway = { id: "file", async send() {} };
let deps: AuthDeps;
const database = withTempDatabase("consents-test", async ({ db }) => {
  deps = { db, secret: "s".repeat(40), sms: gateway };
});
const db = () => database.handle.db;
const origin = { ip: "10.2.3.4", userAgent: "Mozilla/5.0 test" };

async function newUser(phone: string) {
  const [user] = await db().insert(users).values({ phone }).returning();
  return user!;
}

/** Signs the phone in with a fresh code (issued far enough apart not to meet the 120 s wait). */
let clock = Date.now();
async function signIn(phone: string) {
  clock += 200_000;
  const issued = await issueCode(db(), deps.secret, phone, "10.2.3.4", new Date(clock));
  return signInWithCode(deps, { phone, codeId: issued.codeId, code: issued.code, visitor: "visitor:v", ...origin });
}

describe("the consent document", () => {
  it("without a page in the database, consents refer to the shipped text, never to nothing", async () => {
    const document = await consentDocument(db());
    expect(document.title).toBe("Согласие на обработку персональных данных");
    expect(document.body).toContain("152-ФЗ");
    expect(document.hash).toBe(consentDocumentHash(document.body));
    expect(document.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a consent names the edition and hash of the text published when it was given; a later edit leaves it alone", async () => {
    const user = await newUser("+79160000101");
    await db()
      .insert(pages)
      .values({ path: CONSENT_DOCUMENT_PATH, title: "Согласие", body: "Редакция первая", updatedAt: new Date("2026-03-01T21:30:00Z") });
    const first = await recordConsent(db(), { purpose: "account", userId: user.id, phone: user.phone, ...origin });
    // 21:30 UTC is the next day in Moscow.
    expect(first).toMatchObject({ version: "2026-03-02", hash: consentDocumentHash("Редакция первая") });
    await db()
      .update(pages)
      .set({ body: "Редакция вторая", updatedAt: new Date("2026-04-10T09:00:00Z") })
      .where(eq(pages.path, CONSENT_DOCUMENT_PATH));
    const second = await recordConsent(db(), {
      purpose: "buyback",
      userId: null,
      phone: user.phone,
      ...origin,
      userAgent: "x".repeat(2000),
      reference: "buyback:7",
    });
    expect(second).toMatchObject({ version: "2026-04-10", hash: consentDocumentHash("Редакция вторая") });

    const rows = await listConsents(db(), user);
    expect(rows.map((row) => [row.purpose, row.documentVersion, row.documentHash])).toEqual([
      ["buyback", "2026-04-10", consentDocumentHash("Редакция вторая")],
      ["account", "2026-03-02", consentDocumentHash("Редакция первая")],
    ]);
    expect(rows[1]).toMatchObject({ ip: "10.2.3.4", userAgent: "Mozilla/5.0 test", userId: user.id, withdrawnAt: null });
    // What a request chooses is bounded.
    expect(rows[0]!.userAgent).toHaveLength(500);
    expect(rows[0]!.reference).toBe("buyback:7");
  });
});

describe("withdrawal", () => {
  it("withdraws only the buyer's own live consent, once", async () => {
    const owner = await newUser("+79160000201");
    const other = await newUser("+79160000202");
    const { id } = await recordConsent(db(), { purpose: "account", userId: owner.id, phone: owner.phone, ...origin });
    expect(await withdrawConsent(db(), other, id)).toBe(false);
    expect(await withdrawConsent(db(), owner, id)).toBe(true);
    expect(await withdrawConsent(db(), owner, id)).toBe(false);
    const [row] = await db().select().from(consents).where(eq(consents.id, id));
    expect(row!.withdrawnAt).not.toBeNull();
  });

  it("after withdrawing, the next sign-in asks for the consent again (step 3); a buyer who never gave one is not asked", async () => {
    const first = await signIn("+79160000301");
    expect(first.needsProfile).toBe(true);
    await completeRegistration(db(), first.user, { fullName: "Петров Пётр", email: "p@example.ru" }, origin);
    expect((await signIn("+79160000301")).needsProfile).toBe(false);

    const [given] = await listConsents(db(), first.user);
    expect(await consentWithdrawn(db(), first.user.id, "account")).toBe(false);
    await withdrawConsent(db(), first.user, given!.id);
    expect(await consentWithdrawn(db(), first.user.id, "account")).toBe(true);
    expect((await signIn("+79160000301")).needsProfile).toBe(true);
    await completeRegistration(db(), first.user, { fullName: "Петров Пётр", email: "p@example.ru" }, origin);
    expect((await signIn("+79160000301")).needsProfile).toBe(false);

    // An account from before consents were recorded, with its name and e-mail: straight in.
    await db().insert(users).values({ phone: "+79160000302", name: "Анна", email: "anna@example.ru" });
    expect((await signIn("+79160000302")).needsProfile).toBe(false);
  });
});

describe("deleting an account", () => {
  it("is refused while a buy-back request of the phone is open, and erases the person once it is closed", async () => {
    const signedIn = await signIn("+79160000401");
    const user = signedIn.user;
    await completeRegistration(db(), user, { fullName: "Сидорова Анна", email: "anna@example.ru" }, origin);
    const [request] = await db()
      .insert(buybackRequests)
      .values({ name: "Анна", phone: user.phone, items: "Соболь", comment: "звоните вечером", ip: "10.2.3.4" })
      .returning();

    const refused = await deleteAccount(db(), user);
    expect(refused.ok).toBe(false);
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.phone).toBe(user.phone);

    await db().update(buybackRequests).set({ status: "completed" }).where(eq(buybackRequests.id, request!.id));
    expect(await deleteAccount(db(), user)).toEqual({ ok: true });
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ phone: `deleted:${user.id}`, name: "", lastName: "", email: "", buyProfile: {} });
    const [kept] = await db().select().from(buybackRequests).where(eq(buybackRequests.id, request!.id));
    expect(kept).toMatchObject({ name: "", phone: "", comment: "", ip: null, items: "Соболь", status: "completed" });
    expect(await db().select().from(smsCodes).where(eq(smsCodes.phone, user.phone))).toEqual([]);
    const consentRows = await db().select().from(consents).where(eq(consents.userId, user.id));
    expect(consentRows).toHaveLength(1);
    expect(consentRows[0]!.withdrawnAt).not.toBeNull();
    expect(await deleteAccount(db(), user)).toEqual({ ok: false, reason: "Аккаунт уже удалён" });

    // The phone is a new buyer now.
    const again = await signIn("+79160000401");
    expect(again.user.id).not.toBe(user.id);
    expect(again.needsProfile).toBe(true);
  });

  it("is refused while a return request is open, and keeps a finished one's coins and sums without the buyer's words", async () => {
    const user = (await signIn("+79160000402")).user;
    const [order] = await db()
      .insert(orders)
      .values({
        number: "2026-990402",
        userId: user.id,
        status: "completed",
        checkoutToken: "consents-return-402",
        contact: { name: "Анна", lastName: "Сидорова", secondName: "", email: "", phone: user.phone },
        city: { code: "0000073738", name: "Москва" },
        delivery: { id: 79 },
        paymentId: 4,
        goodsTotal: 10_000,
        total: 10_000,
      })
      .returning();
    const [request] = await db()
      .insert(returnRequests)
      .values({
        orderId: order!.id,
        userId: user.id,
        lines: [{ orderLineId: 1, name: "Соболь", quantity: 1, priceRub: 10_000 }],
        amount: 10_000,
        reason: "Звоните Анне по номеру 8 916 000-04-02",
        handover: "bring",
        comment: "после шести",
      })
      .returning();
    const exported = await exportAccountData(db(), user);
    expect(exported.returnRequests).toEqual([
      expect.objectContaining({
        order: "2026-990402",
        status: "new",
        amount: 10_000,
        reason: "Звоните Анне по номеру 8 916 000-04-02",
        lines: [{ name: "Соболь", quantity: 1, price: 10_000 }],
      }),
    ]);

    const refused = await deleteAccount(db(), user);
    expect(refused).toEqual({
      ok: false,
      reason: "У вас есть незавершённая заявка на возврат. Дождитесь возврата денег или ответа по ней, затем удалите аккаунт.",
    });
    await db().update(returnRequests).set({ status: "refunded" }).where(eq(returnRequests.id, request!.id));
    expect(await deleteAccount(db(), user)).toEqual({ ok: true });
    const [kept] = await db().select().from(returnRequests).where(eq(returnRequests.id, request!.id));
    expect(kept).toMatchObject({ reason: "", comment: "", amount: 10_000, status: "refunded" });
  });
});
