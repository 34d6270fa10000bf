import { describe, expect, it } from "vitest";
import { type StatementDocument, statementFile, type StatementFileOptions } from "#tests/support/bank-statement-file.ts";
import { readBankStatement, statementTexts, type StatementPayment } from "./bank-statement.ts";
import { encodeSingleByte, type SingleByteEncoding } from "../shared/single-byte-encoding.ts";
import { invoiceNumbersIn, matchStatementPayments, type OpenInvoice } from "./statement-match.ts";

const OURS = "40702810938000012345";
const OTHER = "40702810400000054321";

const encode = (text: string, encoding: SingleByteEncoding = "windows-1251") => new Uint8Array(encodeSingleByte(text, encoding));

const statement = (documents: StatementDocument[], options: Partial<Omit<StatementFileOptions, "account">> & { account?: string } = {}) =>
  statementFile(documents, { account: OURS, ...options });

const payments = (text: string, bytes = encode(text)) => {
  const read = readBankStatement(bytes, OURS);
  if (!read.ok) throw new Error(read.reason);
  return read.statement.payments;
};

describe("a bank statement (1CClientBankExchange)", () => {
  it("reads the incoming payments of the shop's account in windows-1251, with sums in kopecks", () => {
    const read = payments(
      statement([
        { number: "512", sum: "158400.00", purpose: "Оплата по счёту № 2026-000123 от 25.11.2026 за монеты. Без НДС" },
        { number: "77", sum: "99.5", payerInn: "500100732259", payer: "ИП Петров Пётр Петрович", purpose: "Оплата сч.2026-124" },
      ]),
    );
    expect(read).toEqual([
      expect.objectContaining({ number: "512", date: "26.11.2026", amountKopecks: 15_840_000, payerInn: "7707083893", payerName: "ООО «Ромашка»" }),
      expect.objectContaining({
        number: "77",
        amountKopecks: 9_950,
        payerInn: "500100732259",
        payerName: "ИП Петров Пётр Петрович",
        purpose: "Оплата сч.2026-124",
      }),
    ]);
    expect(read[0]!.purpose).toBe("Оплата по счёту № 2026-000123 от 25.11.2026 за монеты. Без НДС");
  });

  it("reads a statement a bank wrote in cp866 (Кодировка=DOS)", () => {
    const text = statement([{ number: "1", sum: "10.00", purpose: "Оплата по счёту 2026-000001" }], { encodingLine: "Кодировка=DOS" });
    expect(payments(text, encode(text, "ibm866"))[0]!.purpose).toBe("Оплата по счёту 2026-000001");
  });

  it("leaves out the shop's own payments out of the account", () => {
    const read = payments(
      statement([
        { number: "1", sum: "500.00", purpose: "Оплата по счёту 2026-000001" },
        { number: "2", sum: "700.00", to: OTHER, purpose: "Аренда за ноябрь" },
      ]),
    );
    expect(read.map((payment) => payment.number)).toEqual(["1"]);
  });

  it("refuses a statement saved again as UTF-8, one for another account, a cut one and a document with a bad sum", () => {
    const good = statement([{ number: "1", sum: "500.00", purpose: "Оплата по счёту 2026-000001" }]);
    const refusal = (bytes: Uint8Array) => readBankStatement(bytes, OURS);
    expect(refusal(new TextEncoder().encode(good))).toEqual({ ok: false, reason: statementTexts.wrongEncoding });
    expect(refusal(encode(statement([], { account: OTHER })))).toEqual({ ok: false, reason: statementTexts.otherAccount(OTHER, OURS) });
    expect(refusal(encode(statement([], { end: "" })))).toEqual({ ok: false, reason: statementTexts.unfinished });
    expect(refusal(encode(statement([{ number: "1", sum: "-5", purpose: "x" }])))).toEqual({ ok: false, reason: statementTexts.badDocument(1, "Сумма") });
    expect(refusal(encode(statement([{ number: "1", sum: "5", date: "31.02.2026", purpose: "x" }])))).toEqual({
      ok: false,
      reason: statementTexts.badDocument(1, "Дата"),
    });
    expect(refusal(encode("<html>выписка</html>"))).toEqual({ ok: false, reason: statementTexts.notStatement });
    expect(refusal(new Uint8Array(5_000_001))).toEqual({ ok: false, reason: statementTexts.tooLarge });
  });
});

describe("matching a statement's payments to invoices", () => {
  const invoices: OpenInvoice[] = [
    { number: "2026-000123", amountKopecks: 15_840_000, paid: false },
    { number: "2026-000124", amountKopecks: 5_000_000, paid: false },
    { number: "2026-000125", amountKopecks: 1_000_000, paid: true },
  ];
  const read = payments(
    statement([
      { number: "512", sum: "158400.00", purpose: "Оплата по счёту № 2026-000123 от 25.11.2026" },
      { number: "513", sum: "40000.00", purpose: "Оплата по счету 2026-124, часть" },
      { number: "514", sum: "10000.00", purpose: "Оплата за монеты" },
      { number: "515", sum: "10000.00", purpose: "Оплата сч. 2026-000125" },
      { number: "512", sum: "158400.00", purpose: "Оплата по счёту № 2026-000123 от 25.11.2026" },
      { number: "516", sum: "158400.00", payerInn: "500100732259", purpose: "Повторная оплата по счёту 2026-000123" },
    ]),
  );

  it("matches the exact sum of a named invoice once, and shows the rest for a decision", () => {
    const result = matchStatementPayments(read, invoices, new Set());
    expect(result.map((match) => [match.payment.number, match.kind])).toEqual([
      ["512", "matched"],
      ["513", "wrong-amount"],
      ["514", "unknown"],
      ["515", "already-paid"],
      ["512", "applied-before"],
      ["516", "already-paid"],
    ]);
  });

  it("applies nothing twice when an overlapping statement is uploaded again", () => {
    const first = matchStatementPayments(read, invoices, new Set());
    const applied = new Set(first.filter((match) => match.kind === "matched").map((match) => match.payment.key));
    const paid = invoices.map((invoice) => (invoice.number === "2026-000123" ? { ...invoice, paid: true } : invoice));
    const again = matchStatementPayments(read, paid, applied);
    expect(again.filter((match) => match.kind === "matched")).toEqual([]);
    expect(again[0]!.kind).toBe("applied-before");
  });

  it("reads the invoice numbers a payer writes, in the shop's form", () => {
    expect(invoiceNumbersIn("Оплата по счету №2026-123 и 2026 - 000124, договор 12-34")).toEqual(["2026-000123", "2026-000124"]);
    expect(invoiceNumbersIn("Оплата по счёту 123")).toEqual([]);
    expect(invoiceNumbersIn("ИНН 7707083893 2026-0000123")).toEqual([]);
  });

  it("keys a payment by its date, number, payer and sum", () => {
    const [one] = read as [StatementPayment];
    expect(one.key).toBe("26.11.2026|512|7707083893|15840000");
  });
});
