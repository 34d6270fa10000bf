import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { bankStatements, orders, statementPayments, type OrderStatus } from "../db/schema.ts";
import type { StoredStatementPayment } from "../db/column-values.ts";
import type { BankStatement, StatementPayment } from "../invoices/bank-statement.ts";
import { invoiceNumbersIn, matchStatementPayments, type OpenInvoice, type PaymentMatch } from "../invoices/statement-match.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import type { Outcome } from "../shared/failure.ts";
import { changeOrderStatus } from "./operator.server.ts";

/**
 * Invoices paid: by hand (staff saw the money), or from the payments of an uploaded bank
 * statement. A payment is applied once (statement_payments.key is unique), an order becomes paid
 * once (its status moves only from «Ожидает оплаты», under the row's lock), and the buyer hears of
 * it through the usual «оплачен» message of the status change.
 */

export const invoicePaymentTexts = {
  notFound: (number: string) => `Заказ №${number} не найден.`,
  notInvoice: (number: string) => `Заказ №${number} оплачивается не по счёту.`,
  notAwaiting: (number: string) => `Счёт по заказу №${number} не ждёт оплаты: заказ уже оплачен или отменён.`,
  statementGone: "Выписка не найдена: загрузите её ещё раз.",
  nothingChosen: "Отметьте платежи, которые нужно провести.",
} as const;

/** An order's invoice as a statement's payments are matched against it. */
export type InvoiceOrder = OpenInvoice & { orderId: number; status: OrderStatus; appliedKopecks: number };

/** The invoices (orders paid by invoice) of these numbers, with what statements paid of each so far. */
async function invoicesByNumber(db: Database, numbers: string[], lock = false): Promise<InvoiceOrder[]> {
  if (numbers.length === 0) return [];
  const query = db
    .select({ id: orders.id, number: orders.number, total: orders.total, status: orders.status })
    .from(orders)
    .where(and(inArray(orders.number, numbers), eq(orders.paymentId, PAYMENT_IDS.invoice)))
    .orderBy(asc(orders.id));
  const rows = lock ? await query.for("update") : await query;
  const applied = await appliedByOrder(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    orderId: row.id,
    number: row.number,
    status: row.status,
    amountKopecks: row.total * 100,
    // Paid, or past paying (cancelled): either way no payment of a statement is applied to it.
    paid: row.status !== "awaiting_payment",
    appliedKopecks: applied.get(row.id) ?? 0,
  }));
}

async function appliedByOrder(db: Database, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: statementPayments.orderId, sum: sql<string>`sum(${statementPayments.amountKopecks})` })
    .from(statementPayments)
    .where(inArray(statementPayments.orderId, orderIds))
    .groupBy(statementPayments.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.sum)]));
}

async function appliedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: statementPayments.key }).from(statementPayments).where(inArray(statementPayments.key, keys));
  return new Set(rows.map((row) => row.key));
}

export type StatementMatch = PaymentMatch & { order: InvoiceOrder | null };

async function matchPayments(db: Database, payments: StatementPayment[], lock = false): Promise<StatementMatch[]> {
  const numbers = [...new Set(payments.flatMap((payment) => invoiceNumbersIn(payment.purpose)))];
  const invoices = await invoicesByNumber(db, numbers, lock);
  const byNumber = new Map(invoices.map((invoice) => [invoice.number, invoice]));
  const matches = matchStatementPayments(
    payments,
    invoices,
    await appliedKeys(
      db,
      payments.map((payment) => payment.key),
    ),
  );
  return matches.map((match) => ({ ...match, order: "invoice" in match ? (byNumber.get(match.invoice.number) ?? null) : null }));
}

/** How long an uploaded statement waits for a decision; what was applied stays in statement_payments. */
export const STATEMENT_KEEP_MS = 30 * 86_400_000;

/** Keeps an uploaded statement for the decision (and lets go of those past STATEMENT_KEEP_MS); its id. */
export async function storeStatement(db: Database, statement: BankStatement, staffId: number | null, now = new Date()): Promise<number> {
  await db.delete(bankStatements).where(lt(bankStatements.createdAt, new Date(now.getTime() - STATEMENT_KEEP_MS)));
  const [row] = await db
    .insert(bankStatements)
    .values({
      account: statement.account,
      periodFrom: statement.from,
      periodTo: statement.to,
      payments: statement.payments as StoredStatementPayment[],
      staffId,
    })
    .returning({ id: bankStatements.id });
  return row!.id;
}

/** An uploaded statement with each payment matched against the invoices as they are now. */
export async function statementForDecision(db: Database, id: number) {
  const [statement] = await db.select().from(bankStatements).where(eq(bankStatements.id, id)).limit(1);
  if (!statement) return undefined;
  return { ...statement, matches: await matchPayments(db, statement.payments) };
}

export type AppliedPayment = { key: string; number: string; amountKopecks: number; paid: boolean };

/**
 * Applies the chosen payments (by key) of a stored statement in one transaction: each one that
 * names one invoice awaiting payment (its exact sum, or another sum staff accepted) is recorded;
 * an order whose recorded payments reach its total becomes paid. Payments applied before, by this
 * or another statement, are skipped, so a double submit or two staff at once apply each once.
 */
export async function applyStatementPayments(
  tx: Database,
  statementId: number,
  chosenKeys: readonly string[],
  staffId: number | null,
  now = new Date(),
): Promise<Outcome<{ applied: AppliedPayment[] }>> {
  if (chosenKeys.length === 0) return { ok: false, reason: invoicePaymentTexts.nothingChosen };
  const [statement] = await tx.select().from(bankStatements).where(eq(bankStatements.id, statementId)).limit(1);
  if (!statement) return { ok: false, reason: invoicePaymentTexts.statementGone };
  const chosen = new Set(chosenKeys);
  // Matched again under the orders' locks: what the page showed may have changed since.
  const matches = await matchPayments(tx, statement.payments, true);
  const applied: AppliedPayment[] = [];
  const paidOrders = new Set<number>();
  for (const match of matches) {
    if (!chosen.has(match.payment.key) || !match.order || (match.kind !== "matched" && match.kind !== "wrong-amount")) continue;
    if (paidOrders.has(match.order.orderId)) continue;
    const { payment, order } = match;
    const inserted = await tx
      .insert(statementPayments)
      .values({
        key: payment.key,
        orderId: order.orderId,
        amountKopecks: payment.amountKopecks,
        paymentNumber: payment.number,
        paymentDate: payment.date,
        payerInn: payment.payerInn,
        payerName: payment.payerName.slice(0, 300),
        purpose: payment.purpose.slice(0, 500),
        staffId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: statementPayments.key })
      .returning({ id: statementPayments.id });
    if (inserted.length === 0) continue;
    const total = (await appliedByOrder(tx, [order.orderId])).get(order.orderId) ?? 0;
    let paid = false;
    if (total >= order.amountKopecks) {
      const change = await changeOrderStatus(tx, order.number, "paid", { actor: "payment", onlyFrom: "awaiting_payment", now });
      paid = change.ok;
      if (paid) paidOrders.add(order.orderId);
    }
    applied.push({ key: payment.key, number: order.number, amountKopecks: payment.amountKopecks, paid });
  }
  return { ok: true, applied };
}

/** Staff confirm an invoice paid by hand (the money seen in the bank): only an invoice order awaiting payment. */
export async function markInvoicePaid(tx: Database, number: string, now = new Date()): Promise<Outcome<{ number: string }>> {
  const [order] = await tx
    .select({ number: orders.number, paymentId: orders.paymentId, status: orders.status })
    .from(orders)
    .where(eq(orders.number, number.trim()))
    .for("update");
  if (!order) return { ok: false, reason: invoicePaymentTexts.notFound(number) };
  if (order.paymentId !== PAYMENT_IDS.invoice) return { ok: false, reason: invoicePaymentTexts.notInvoice(order.number) };
  if (order.status !== "awaiting_payment") return { ok: false, reason: invoicePaymentTexts.notAwaiting(order.number) };
  const change = await changeOrderStatus(tx, order.number, "paid", { actor: "operator", onlyFrom: "awaiting_payment", now });
  return change.ok ? { ok: true, number: order.number } : change;
}

/** Invoices awaiting payment, oldest deadline first, for the back office's list. */
export async function openInvoices(db: Database, limit = 100) {
  const rows = await db
    .select({ id: orders.id, number: orders.number, total: orders.total, company: orders.company, paymentDueAt: orders.paymentDueAt, version: orders.version })
    .from(orders)
    .where(and(eq(orders.paymentId, PAYMENT_IDS.invoice), eq(orders.status, "awaiting_payment")))
    .orderBy(asc(orders.paymentDueAt), asc(orders.id))
    .limit(limit);
  const applied = await appliedByOrder(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, appliedKopecks: applied.get(row.id) ?? 0 }));
}
