import { describe, expect, it } from "vitest";
import { isValidBik, isValidCorrespondentAccount, isValidSettlementAccount } from "./bank-details.ts";

// ПАО Сбербанк, Москва: its published БИК and correspondent account.
const SBER_BIK = "044525225";
const SBER_CORR = "30101810400000000225";

describe("the seller's bank details", () => {
  it("takes a Russian bank's БИК and its correspondent account, and refuses a typo in either", () => {
    expect(isValidBik(SBER_BIK)).toBe(true);
    expect(isValidBik("04452522")).toBe(false);
    expect(isValidBik("144525225")).toBe(false);
    expect(isValidCorrespondentAccount(SBER_CORR, SBER_BIK)).toBe(true);
    expect(isValidCorrespondentAccount("30101810400000000226", SBER_BIK)).toBe(false);
    expect(isValidCorrespondentAccount(SBER_CORR, "044030653")).toBe(false);
  });

  it("takes a settlement account whose key agrees with the bank, and refuses one digit changed or another bank's", () => {
    const account = "40702810938000012345";
    expect(isValidSettlementAccount(account, SBER_BIK)).toBe(true);
    for (let i = 0; i < 20; i++) {
      const changed = account.slice(0, i) + String((Number(account[i]) + 1) % 10) + account.slice(i + 1);
      expect(isValidSettlementAccount(changed, SBER_BIK), changed).toBe(false);
    }
    expect(isValidSettlementAccount(account, "044525593")).toBe(false);
    expect(isValidSettlementAccount("4070281093800001234", SBER_BIK)).toBe(false);
  });
});
