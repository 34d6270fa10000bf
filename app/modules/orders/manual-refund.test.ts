import { describe, expect, it } from "vitest";
import { returnStepFormSchema } from "../returns/return-form.ts";
import { manualRefundText, transferIssue } from "./manual-refund.ts";

// ПАО Сбербанк's БИК, a private buyer's account (40817…) and a company's (40702…) whose keys agree with it.
const SBER_BIK = "044525225";
const PRIVATE = "40817810938000067890";
const COMPANY = "40702810938000012345";
const NOW = new Date("2026-11-28T09:00:00Z");
const transfer = (fields: Record<string, string>) =>
  returnStepFormSchema.safeParse({
    intent: "refund_transfer",
    version: "3",
    amount: "42000",
    recipient: "Петров Иван Сергеевич",
    bik: SBER_BIK,
    account: PRIVATE,
    paymentOrder: "118",
    paidOn: "2026-11-27",
    ...fields,
  });
const firstMessage = (parsed: ReturnType<typeof transfer>) => (parsed.success ? null : parsed.error.issues[0]!.message);

describe("a refund by bank transfer: the buyer's account checked as a bank checks it", () => {
  it("takes a private buyer's and a company's account at their bank, spaces typed in the account or not", () => {
    expect(transferIssue({ recipient: "Петров", bik: SBER_BIK, account: PRIVATE, paymentOrder: "1", paidOn: "2026-11-27" }, NOW)).toBeNull();
    expect(transferIssue({ recipient: "ООО «Нумизмат»", bik: SBER_BIK, account: COMPANY, paymentOrder: "1", paidOn: "2026-11-28" }, NOW)).toBeNull();
    const parsed = transfer({ account: "40817 810 9 3800 0067890" });
    expect(parsed.success && parsed.data.intent === "refund_transfer" ? parsed.data.account : null).toBe(PRIVATE);
  });

  it("refuses any one digit of the account changed, and the account at another bank", () => {
    for (let i = 0; i < 20; i++) {
      const changed = PRIVATE.slice(0, i) + String((Number(PRIVATE[i]) + 1) % 10) + PRIVATE.slice(i + 1);
      expect(transferIssue({ recipient: "Петров", bik: SBER_BIK, account: changed, paymentOrder: "1", paidOn: "2026-11-27" }, NOW)?.message, changed).toBe(
        "Счёт не сходится с БИК по контрольному ключу: проверьте счёт и БИК",
      );
    }
    expect(firstMessage(transfer({ bik: "044525593" }))).toBe("Счёт не сходится с БИК по контрольному ключу: проверьте счёт и БИК");
  });

  it("answers in Russian a БИК not of 9 digits or not a Russian bank's, an account of 19 digits, a negative sum, a day that is not", () => {
    expect(firstMessage(transfer({ bik: "04452522" }))).toBe("БИК — 9 цифр");
    expect(firstMessage(transfer({ bik: "144525225" }))).toBe("БИК банка в России начинается с 04");
    expect(firstMessage(transfer({ account: PRIVATE.slice(1) }))).toBe("Счёт получателя — 20 цифр");
    expect(firstMessage(transfer({ amount: "-100" }))).toBe("Сумма возврата должна быть больше нуля");
    expect(firstMessage(transfer({ paidOn: "2026-02-30" }))).toBe("Такой даты нет");
    expect(firstMessage(transfer({ paymentOrder: "№12" }))).toBe("Номер платёжного поручения — до 6 цифр");
  });

  it("tells the buyer how the money went, the account shown by its last four digits", () => {
    expect(manualRefundText({ method: "cash", receipt: "3849561023" })).toBe("выданы наличными в кассе офиса, чек «возврат прихода» № 3849561023");
    expect(
      manualRefundText({ method: "transfer", recipient: "Петров Иван Сергеевич", bik: SBER_BIK, account: PRIVATE, paymentOrder: "118", paidOn: "2026-11-27" }),
    ).toBe("отправлены переводом на счёт …7890 (Петров Иван Сергеевич), платёжное поручение № 118 от 27.11.2026");
  });
});
