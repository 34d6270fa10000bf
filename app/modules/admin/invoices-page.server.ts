import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { writeAudit } from "../audit/audit.server.ts";
import { getConfig } from "../config/config.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { readForm } from "../forms/read-form.ts";
import { readBankStatement, STATEMENT_LIMITS, statementTexts } from "../invoices/bank-statement.ts";
import { invoiceSum } from "../invoices/invoice.ts";
import { applyStatementPayments, markInvoicePaid, openInvoices, statementForDecision, storeStatement } from "../orders/invoice-payments.server.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { staffActorContext, staffContext } from "../staff/context.ts";
import { staleOrderMessage } from "./order-actions.server.ts";
import { orders } from "../db/schema.ts";
import { eq } from "drizzle-orm";

/**
 * The back office's invoices (/admin/invoices): the invoices awaiting a company's transfer, each
 * to be marked paid by hand, and a bank statement to upload, whose payments are then shown
 * matched to invoices for staff to apply (/admin/invoices/statements/:id). Every change is audited
 * in its transaction.
 */

export const invoicesPageTexts = {
  markedPaid: (number: string) => `Счёт по заказу №${number} отмечен оплаченным. Покупателю отправлено сообщение.`,
  applied: (count: number, paid: string[]) =>
    `Проведено платежей: ${count}.${paid.length > 0 ? ` Оплачены заказы: ${paid.map((number) => `№${number}`).join(", ")}.` : " Ни один заказ не оплачен полностью."}`,
  noneApplied: "Ничего не проведено: отмеченные платежи уже проведены или их счета больше не ждут оплаты.",
  chooseFile: "Выберите файл выписки (1CClientBankExchange, .txt)",
} as const;

export async function loadInvoicesPage(context: Readonly<RouterContextProvider>) {
  const { db } = context.get(databaseContext);
  const invoices = await openInvoices(db);
  return {
    account: getConfig().invoices.account,
    maxMb: STATEMENT_LIMITS.bytes / 1_000_000,
    invoices: invoices.map((invoice) => ({
      number: invoice.number,
      total: invoice.total,
      company: invoice.company ? { name: invoice.company.name, inn: invoice.company.inn } : null,
      paymentDueAt: invoice.paymentDueAt?.toISOString() ?? null,
      applied: invoice.appliedKopecks > 0 ? invoiceSum(invoice.appliedKopecks) : null,
      version: invoice.version,
    })),
  };
}

const invoicesFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("paid"),
      number: z
        .string({ error: "Не указан заказ" })
        .trim()
        .regex(/^\d{4}-\d{6}$/, "Не указан заказ"),
      version: z.coerce.number({ error: "Обновите страницу" }).int(),
      /** Posted from the order's page: back there. */
      from: z.literal("order").optional().catch(undefined),
    }),
    z.object({
      intent: z.literal("statement"),
      statement: z.instanceof(File, { message: invoicesPageTexts.chooseFile }).refine((file) => file.size > 0, invoicesPageTexts.chooseFile),
    }),
  ],
  { error: "Неизвестное действие" },
);

/** POST /admin/invoices: mark one invoice paid, or upload a statement (then its decision page). */
export async function handleInvoicesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await readFormBody(request);
  const posted = readForm(form, invoicesFormSchema);
  const { db } = context.get(databaseContext);
  const actor = context.get(staffActorContext);
  const back = async (notice: { kind: "success" | "error"; message: string }, to = "/admin/invoices") =>
    redirect(to, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
  if (!posted.ok) return back({ kind: "error", message: posted.reason });
  const input = posted.value;
  if (input.intent === "paid") {
    const done = await db.transaction(async (tx) => {
      const [current] = await tx.select({ version: orders.version }).from(orders).where(eq(orders.number, input.number)).for("update");
      if (current && current.version !== input.version) return { ok: false as const, reason: staleOrderMessage };
      const marked = await markInvoicePaid(tx, input.number);
      if (!marked.ok) return marked;
      await writeAudit(tx, actor, {
        action: "invoice.paid",
        entity: `order:${marked.number}`,
        before: { status: "awaiting_payment" },
        after: { status: "paid" },
      });
      return marked;
    });
    return back(
      done.ok ? { kind: "success", message: invoicesPageTexts.markedPaid(done.number) } : { kind: "error", message: done.reason },
      input.from === "order" ? `/admin/orders/${encodeURIComponent(input.number)}` : undefined,
    );
  }
  const file = input.statement;
  if (file.size > STATEMENT_LIMITS.bytes) return back({ kind: "error", message: statementTexts.tooLarge });
  const read = readBankStatement(new Uint8Array(await file.arrayBuffer()), getConfig().invoices.account);
  if (!read.ok) return back({ kind: "error", message: read.reason });
  const staff = context.get(staffContext);
  const id = await db.transaction(async (tx) => {
    const stored = await storeStatement(tx, read.statement, staff.id);
    await writeAudit(tx, actor, {
      action: "invoice.statement-upload",
      entity: `statement:${stored}`,
      before: null,
      after: { period: `${read.statement.from}–${read.statement.to}`, payments: read.statement.payments.length },
    });
    return stored;
  });
  return redirect(`/admin/invoices/statements/${id}`, 303);
}

const matchLabels = {
  matched: "Совпадает: счёт и сумма",
  "wrong-amount": "Сумма не совпадает",
  "already-paid": "Счёт уже оплачен или заказ отменён",
  "applied-before": "Уже проведён",
  unknown: "Счёт не найден",
} as const;

function statementId(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw data("Выписка не найдена", { status: 404 });
  return Number(raw);
}

/** The decision page of an uploaded statement: each payment with its match, the applicable ones to tick. */
export async function loadStatementPage(context: Readonly<RouterContextProvider>, rawId: string | undefined) {
  const { db } = context.get(databaseContext);
  const statement = await statementForDecision(db, statementId(rawId));
  if (!statement) throw data("Выписка не найдена", { status: 404 });
  return {
    id: statement.id,
    account: statement.account,
    period: [statement.periodFrom, statement.periodTo].filter(Boolean).join(" — "),
    payments: statement.matches.map((match) => ({
      key: match.payment.key,
      kind: match.kind,
      label: matchLabels[match.kind],
      number: match.payment.number,
      date: match.payment.date,
      amount: invoiceSum(match.payment.amountKopecks),
      payer: [match.payment.payerName, match.payment.payerInn ? `ИНН ${match.payment.payerInn}` : ""].filter(Boolean).join(", "),
      purpose: match.payment.purpose,
      invoice: match.order
        ? {
            number: match.order.number,
            total: invoiceSum(match.order.amountKopecks),
            applied: match.order.appliedKopecks > 0 ? invoiceSum(match.order.appliedKopecks) : null,
          }
        : null,
      applicable: match.kind === "matched" || match.kind === "wrong-amount",
    })),
  };
}

/** POST /admin/invoices/statements/:id: the ticked payments applied in one transaction, audited. */
export async function handleStatementAction(request: Request, context: Readonly<RouterContextProvider>, rawId: string | undefined) {
  const id = statementId(rawId);
  const form = await readFormBody(request);
  // One box per payment ("apply-<row>"), its value the payment's key (date|number|payer|sum); at most as many as a statement holds.
  const keys = [...form]
    .filter(([name]) => /^apply-\d{1,5}$/.test(name))
    .map(([, value]) => value)
    .filter((value): value is string => typeof value === "string" && value.length <= 200)
    .slice(0, STATEMENT_LIMITS.documents);
  const { db } = context.get(databaseContext);
  const actor = context.get(staffActorContext);
  const staff = context.get(staffContext);
  const here = `/admin/invoices/statements/${id}`;
  const done = await db.transaction(async (tx) => {
    const applied = await applyStatementPayments(tx, id, keys, staff.id);
    if (!applied.ok) return applied;
    for (const payment of applied.applied) {
      await writeAudit(tx, actor, {
        action: "invoice.statement-payment",
        entity: `order:${payment.number}`,
        before: { status: "awaiting_payment" },
        after: { statement: id, payment: payment.key, amount: invoiceSum(payment.amountKopecks), paid: payment.paid },
      });
    }
    return applied;
  });
  const notice = !done.ok
    ? { kind: "error" as const, message: done.reason }
    : done.applied.length === 0
      ? { kind: "error" as const, message: invoicesPageTexts.noneApplied }
      : {
          kind: "success" as const,
          message: invoicesPageTexts.applied(
            done.applied.length,
            done.applied.filter((payment) => payment.paid).map((payment) => payment.number),
          ),
        };
  return redirect(here, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}
