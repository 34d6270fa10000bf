/**
 * Which invoice each payment of a bank statement pays, for staff to confirm: a payment names its
 * invoice by number in «НазначениеПлатежа» («Оплата по счёту № 2026-000123…») and must bring its
 * exact sum. Anything else is shown for a decision and applied by no one automatically.
 */
import type { StatementPayment } from "./bank-statement.ts";

/** An invoice awaiting payment, or paid already. Sums in kopecks. */
export type OpenInvoice = { number: string; amountKopecks: number; paid: boolean };

export type PaymentMatch =
  /** The invoice named, its sum exactly, not paid yet: staff may apply it. */
  | { kind: "matched"; payment: StatementPayment; invoice: OpenInvoice }
  /** The invoice named, another sum: less is a part payment, more an overpayment; staff decide. */
  | { kind: "wrong-amount"; payment: StatementPayment; invoice: OpenInvoice }
  /** The invoice named is paid already (by another payment or by hand). */
  | { kind: "already-paid"; payment: StatementPayment; invoice: OpenInvoice }
  /** This very payment was applied from an earlier statement, or listed twice in this one. */
  | { kind: "applied-before"; payment: StatementPayment }
  /** No invoice of the shop named, or several: staff find the order themselves. */
  | { kind: "unknown"; payment: StatementPayment; named: string[] };

/** "2026-000123", "2026-123", "№2026-0123": the invoice numbers a purpose names, in the shop's form. */
export function invoiceNumbersIn(purpose: string): string[] {
  const found = new Set<string>();
  for (const match of purpose.matchAll(/(?<!\d)(20\d{2})\s?-\s?(\d{1,6})(?!\d)/g)) found.add(`${match[1]}-${match[2]!.padStart(6, "0")}`);
  return [...found];
}

export function matchStatementPayments(payments: StatementPayment[], invoices: OpenInvoice[], appliedBefore: ReadonlySet<string>): PaymentMatch[] {
  const byNumber = new Map(invoices.map((invoice) => [invoice.number, invoice]));
  const seen = new Set<string>();
  // An invoice matched by an earlier payment of this statement is paid by the time a second one is applied.
  const taken = new Set<string>();
  return payments.map((payment): PaymentMatch => {
    if (appliedBefore.has(payment.key) || seen.has(payment.key)) return { kind: "applied-before", payment };
    seen.add(payment.key);
    const named = invoiceNumbersIn(payment.purpose);
    const candidates = named.flatMap((number) => byNumber.get(number) ?? []);
    if (candidates.length !== 1) return { kind: "unknown", payment, named };
    const invoice = candidates[0]!;
    if (invoice.paid || taken.has(invoice.number)) return { kind: "already-paid", payment, invoice };
    if (invoice.amountKopecks !== payment.amountKopecks) return { kind: "wrong-amount", payment, invoice };
    taken.add(invoice.number);
    return { kind: "matched", payment, invoice };
  });
}
