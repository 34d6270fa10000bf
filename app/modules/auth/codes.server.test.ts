import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { rateLimitEvents, smsCodes } from "../db/schema.ts";
import { AuthError, codeLimits, countCodeCheck, generateCode, isCodeLive, issueCode, shopChannel, verifyCode, withdrawCode } from "./codes.server.ts";

const secret = "s".repeat(40);
const t0 = Date.UTC(2026, 10, 21, 12, 0);
const at = (seconds: number) => new Date(t0 + seconds * 1000);

const database = withTempDatabase("codes-test");

async function refusal(promise: Promise<unknown>): Promise<AuthError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("codes", () => {
  it("are four random digits", () => {
    const codes = new Set(Array.from({ length: 200 }, generateCode));
    for (const code of codes) expect(code).toMatch(/^\d{4}$/);
    expect(codes.size).toBeGreaterThan(150);
  });

  it("are stored only as a keyed hash", async () => {
    const issued = await issueCode(database.handle.db, secret, "+79990000001", "10.0.0.1", at(0));
    const [row] = await database.handle.db.select().from(smsCodes).where(eq(smsCodes.id, issued.codeId));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(issued.code);
    await verifyCode(database.handle.db, secret, { phone: "+79990000001", codeId: issued.codeId }, issued.code, at(10));
  });

  it("work once, and not after five minutes", async () => {
    const used = await issueCode(database.handle.db, secret, "+79990000002", "10.0.0.1", at(0));
    await verifyCode(database.handle.db, secret, { phone: "+79990000002", codeId: used.codeId }, used.code, at(5));
    expect((await refusal(verifyCode(database.handle.db, secret, { phone: "+79990000002", codeId: used.codeId }, used.code, at(6)))).code).toBe("code_expired");

    const late = await issueCode(database.handle.db, secret, "+79990000002", "10.0.0.1", at(200));
    expect((await refusal(verifyCode(database.handle.db, secret, { phone: "+79990000002", codeId: late.codeId }, late.code, at(200 + 301)))).code).toBe(
      "code_expired",
    );
  });

  it("die after five wrong tries: the sixth, even right, is refused", async () => {
    const issued = await issueCode(database.handle.db, secret, "+79990000003", "10.0.0.1", at(0));
    const wrong = issued.code === "0000" ? "1111" : "0000";
    for (let i = 0; i < 4; i++)
      expect((await refusal(verifyCode(database.handle.db, secret, { phone: "+79990000003", codeId: issued.codeId }, wrong, at(i)))).message).toBe(
        "Неверный смс код",
      );
    expect((await refusal(verifyCode(database.handle.db, secret, { phone: "+79990000003", codeId: issued.codeId }, wrong, at(5)))).code).toBe("too_many_tries");
    expect((await refusal(verifyCode(database.handle.db, secret, { phone: "+79990000003", codeId: issued.codeId }, issued.code, at(6)))).code).toBe(
      "too_many_tries",
    );
    // Still "too many tries", not "expired", when the code's five minutes are over too.
    expect((await refusal(verifyCode(database.handle.db, secret, { phone: "+79990000003", codeId: issued.codeId }, issued.code, at(400)))).code).toBe(
      "too_many_tries",
    );
  });

  it("come at most every 120 s and five an hour per phone; a new one replaces the old", async () => {
    const phone = "+79990000004";
    const first = await issueCode(database.handle.db, secret, phone, "10.0.0.2", at(0));
    const early = await refusal(issueCode(database.handle.db, secret, phone, "10.0.0.2", at(119)));
    expect(early.message).toBe("Новый код можно запросить через 1 с");
    expect(early.retryAfterSeconds).toBe(1);
    await issueCode(database.handle.db, secret, phone, "10.0.0.2", at(120));
    expect((await refusal(verifyCode(database.handle.db, secret, { phone: phone, codeId: first.codeId }, first.code, at(121)))).code).toBe("code_expired");
    for (const seconds of [240, 360, 480]) await issueCode(database.handle.db, secret, phone, "10.0.0.2", at(seconds));
    const sixth = await refusal(issueCode(database.handle.db, secret, phone, "10.0.0.2", at(600)));
    expect(sixth.code).toBe("too_many_codes");
    expect(sixth.message).toMatch(/Слишком много кодов за час/);
    await issueCode(database.handle.db, secret, phone, "10.0.0.2", at(3601));
  });

  it("are capped per address across phones", async () => {
    for (let i = 0; i < 20; i++) await issueCode(database.handle.db, secret, `+7998000${String(i).padStart(4, "0")}`, "10.0.0.3", at(i));
    expect((await refusal(issueCode(database.handle.db, secret, "+79981111111", "10.0.0.3", at(30)))).code).toBe("too_many_codes");
  });

  it("take a higher cap per address when the operator sets one (SMS_CODES_PER_IP_PER_HOUR)", async () => {
    const perIp = { ...codeLimits.perIp, limit: 25 };
    for (let i = 0; i < 25; i++) {
      const phone = `+7997000${String(i).padStart(4, "0")}`;
      await issueCode(database.handle.db, secret, phone, "10.0.0.9", at(i), shopChannel(phone, "10.0.0.9", perIp));
    }
    expect(
      (await refusal(issueCode(database.handle.db, secret, "+79971111111", "10.0.0.9", at(30), shopChannel("+79971111111", "10.0.0.9", perIp)))).code,
    ).toBe("too_many_codes");
  });

  it("can be taken back when the SMS was not sent, limits included", async () => {
    const issued = await issueCode(database.handle.db, secret, "+79990000005", "10.0.0.4", at(0));
    await withdrawCode(database.handle.db, issued);
    expect(await database.handle.db.select().from(smsCodes).where(eq(smsCodes.id, issued.codeId))).toEqual([]);
    expect(await database.handle.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.key, "+79990000005"))).toEqual([]);
    // No 120-second wait after a code that never reached the buyer.
    await issueCode(database.handle.db, secret, "+79990000005", "10.0.0.4", at(1));
  });

  it("answer a check of someone else's code as a wrong code, and spend none of its tries", async () => {
    const phone = "+79990000006";
    const issued = await issueCode(database.handle.db, secret, phone, "10.0.0.5", at(0));
    const wrong = issued.code === "0000" ? "1111" : "0000";
    // No binding (a stranger without the cookie), or another code's id: the same answer as a wrong code.
    for (let i = 0; i < 10; i++) {
      for (const codeId of [undefined, issued.codeId + 1000]) {
        const refused = await refusal(verifyCode(database.handle.db, secret, { phone, codeId }, wrong, at(1)));
        expect([refused.code, refused.message, refused.status]).toEqual(["wrong_code", "Неверный смс код", 400]);
      }
    }
    expect((await refusal(verifyCode(database.handle.db, secret, { phone, codeId: undefined }, issued.code, at(1)))).code).toBe("wrong_code");
    const [row] = await database.handle.db.select().from(smsCodes).where(eq(smsCodes.id, issued.codeId));
    expect(row!.attempts).toBe(0);
    expect(await isCodeLive(database.handle.db, { phone, codeId: issued.codeId }, at(2))).toBe(true);
    await verifyCode(database.handle.db, secret, { phone, codeId: issued.codeId }, issued.code, at(2));
    expect(await isCodeLive(database.handle.db, { phone, codeId: issued.codeId }, at(3))).toBe(false);
  });

  it("still check after a new secret is put in front of the one they were hashed with, and not once it is removed", async () => {
    const newer = "n".repeat(40);
    const kept = await issueCode(database.handle.db, secret, "+79990000007", "10.0.0.8", at(0));
    await verifyCode(database.handle.db, [newer, secret], { phone: "+79990000007", codeId: kept.codeId }, kept.code, at(10));
    const dropped = await issueCode(database.handle.db, secret, "+79990000008", "10.0.0.8", at(0));
    expect((await refusal(verifyCode(database.handle.db, [newer], { phone: "+79990000008", codeId: dropped.codeId }, dropped.code, at(10)))).code).toBe(
      "wrong_code",
    );
    // Issued under the newest secret: the older one alone does not check it.
    const issued = await issueCode(database.handle.db, [newer, secret], "+79990000009", "10.0.0.8", at(0));
    expect((await refusal(verifyCode(database.handle.db, secret, { phone: "+79990000009", codeId: issued.codeId }, issued.code, at(10)))).code).toBe(
      "wrong_code",
    );
    await verifyCode(database.handle.db, [newer], { phone: "+79990000009", codeId: issued.codeId }, issued.code, at(11));
  });

  it("are checked at most 60 times an hour from one address", async () => {
    for (let i = 0; i < 60; i++) await countCodeCheck(database.handle.db, "10.0.0.6", at(i));
    const refused = await refusal(countCodeCheck(database.handle.db, "10.0.0.6", at(61)));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Слишком много попыток ввода кода/);
    await countCodeCheck(database.handle.db, "10.0.0.7", at(61));
    await countCodeCheck(database.handle.db, "10.0.0.6", at(3601));
  });
});
