import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { sandboxPayments } from "../db/schema.ts";
import { createHash } from "node:crypto";
import {
  checkCreatePaymentInput,
  checkReceiptInput,
  type CreatedPayment,
  type ReceiptState,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type PaymentStatus,
  type RefundState,
} from "./provider.ts";

/**
 * The built-in payment service (PAYMENT_PROVIDER=sandbox, the default): a stand-in for
 * YooKassa that moves no money. It keeps its own book (sandbox_payments) and answers the
 * shop through the same PaymentProvider interface; the buyer "pays" on its page
 * /payment/sandbox/{id} with 'Оплатить' or 'Отменить'.
 */

export const SANDBOX_PAGE_PATH = "/payment/sandbox";
export const SANDBOX_CANCELED_MESSAGE = "Платёж отменён на тестовой странице оплаты. Попробуйте оплатить ещё раз.";
export const SANDBOX_MERCHANT_CANCELED_MESSAGE = "Платёж отменён магазином.";

export type SandboxDecision = "pay" | "cancel";

/** What the sandbox page shows. */
export type SandboxPaymentView = {
  id: string;
  status: PaymentStatus;
  amountRub: number;
  description: string;
  returnUrl: string;
};

type SandboxRow = typeof sandboxPayments.$inferSelect;

function toState(row: SandboxRow): PaymentState {
  const state: PaymentState = { paymentId: row.id, status: row.status, amountRub: row.amount, orderId: row.orderId, paid: row.status === "succeeded" };
  if (row.status === "canceled") state.failureReason = SANDBOX_CANCELED_MESSAGE;
  return state;
}

/**
 * The ids this service hands out (randomUUID). Anything else names no payment and is not
 * looked up: an id from the address may hold a NUL, which PostgreSQL refuses in text.
 */
const paymentIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function existingRow(db: Database, id: string): Promise<SandboxRow> {
  const row = await findRow(db, id);
  if (!row)
    throw new PaymentProviderError(`No sandbox payment ${JSON.stringify(id.slice(0, 80))}`, { provider: "sandbox", kind: "not_found", retryable: false });
  return row;
}

async function findRow(db: Database, id: string): Promise<SandboxRow | undefined> {
  if (!paymentIdPattern.test(id)) return undefined;
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
  return row;
}

export function createSandboxProvider(db: Database, options: { publicUrl: string }): PaymentProvider {
  const base = options.publicUrl.replace(/\/+$/, "");
  return {
    id: "sandbox",
    async createPayment(input): Promise<CreatedPayment> {
      // The same checks YooKassa makes, so a wrong receipt shows up without the real service.
      checkCreatePaymentInput(input, "sandbox");
      // The same key gives the same payment, as YooKassa's Idempotence-Key does.
      await db
        .insert(sandboxPayments)
        .values({
          id: randomUUID(),
          idempotenceKey: input.idempotenceKey,
          amount: input.amountRub,
          description: input.description,
          orderId: input.orderId,
          returnUrl: input.returnUrl,
        })
        .onConflictDoNothing({ target: sandboxPayments.idempotenceKey });
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotenceKey, input.idempotenceKey)).limit(1);
      if (!row) throw new PaymentProviderError("The sandbox lost a payment it has just written", { provider: "sandbox", kind: "unavailable", retryable: true });
      return { paymentId: row.id, status: row.status, confirmationUrl: row.status === "pending" ? `${base}${SANDBOX_PAGE_PATH}/${row.id}` : null };
    },
    async getPayment(paymentId): Promise<PaymentState> {
      return toState(await existingRow(db, paymentId));
    },
    async cancelPayment(paymentId): Promise<PaymentState> {
      // The sandbox can cancel any payment not decided yet; its page then refuses to take it.
      const row = await existingRow(db, paymentId);
      const [moved] = await db
        .update(sandboxPayments)
        .set({ status: "canceled", updatedAt: new Date() })
        .where(and(eq(sandboxPayments.id, row.id), inArray(sandboxPayments.status, ["pending", "waiting_for_capture"])))
        .returning();
      const state = toState(moved ?? (await existingRow(db, paymentId)));
      if (moved) state.failureReason = SANDBOX_MERCHANT_CANCELED_MESSAGE;
      return state;
    },
    async refundPayment(input): Promise<RefundState> {
      if (input.receipt) checkReceiptInput({ ...input.receipt, amountRub: input.amountRub, idempotenceKey: input.idempotenceKey }, "sandbox");
      const row = await existingRow(db, input.paymentId);
      if (row.status !== "succeeded") {
        throw new PaymentProviderError(`Sandbox payment ${row.id} is ${row.status}; only a succeeded payment is refunded`, {
          provider: "sandbox",
          kind: "request",
          retryable: false,
        });
      }
      if (!Number.isSafeInteger(input.amountRub) || input.amountRub < 1 || input.amountRub > row.amount) {
        throw new PaymentProviderError(`Refund of ${input.amountRub} ₽ for a payment of ${row.amount} ₽`, {
          provider: "sandbox",
          kind: "request",
          retryable: false,
        });
      }
      // Refunds add up to at most the payment, as YooKassa's do; a repeat of one key finds it done.
      const key = JSON.stringify([input.idempotenceKey]);
      const [taken] = await db
        .update(sandboxPayments)
        .set({
          refundedAmount: sql`${sandboxPayments.refundedAmount} + ${input.amountRub}`,
          refundKeys: sql`${sandboxPayments.refundKeys} || ${key}::jsonb`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(sandboxPayments.id, row.id),
            sql`${sandboxPayments.refundedAmount} + ${input.amountRub} <= ${sandboxPayments.amount}`,
            sql`not ${sandboxPayments.refundKeys} @> ${key}::jsonb`,
          ),
        )
        .returning({ keys: sandboxPayments.refundKeys });
      const [after] = taken ? [taken] : await db.select({ keys: sandboxPayments.refundKeys }).from(sandboxPayments).where(eq(sandboxPayments.id, row.id));
      const index = after!.keys.indexOf(input.idempotenceKey);
      if (index < 0) {
        throw new PaymentProviderError(`Refund of ${input.amountRub} ₽ is more than is left of the payment of ${row.amount} ₽`, {
          provider: "sandbox",
          kind: "request",
          retryable: false,
        });
      }
      // The first refund of a payment keeps the id it always had.
      return { refundId: index === 0 ? `refund-${row.id}` : `refund-${row.id}-${index + 1}`, status: "succeeded", amountRub: input.amountRub };
    },
    async createSettlementReceipt(input): Promise<ReceiptState> {
      // The same checks as YooKassa's; the sandbox registers every receipt at once, and the same key names the same receipt.
      checkReceiptInput(input, "sandbox");
      const row = await existingRow(db, input.paymentId);
      if (row.status !== "succeeded") {
        throw new PaymentProviderError(`Sandbox payment ${row.id} is ${row.status}; only a succeeded payment is settled`, {
          provider: "sandbox",
          kind: "request",
          retryable: false,
        });
      }
      return { receiptId: `receipt-${createHash("sha256").update(input.idempotenceKey).digest("hex").slice(0, 24)}`, status: "succeeded" };
    },
    async getReceipt(receiptId): Promise<ReceiptState> {
      // Every sandbox receipt is registered when it is made.
      if (!/^receipt-[0-9a-f]{24}$/.test(receiptId)) {
        throw new PaymentProviderError(`No sandbox receipt ${receiptId}`, { provider: "sandbox", kind: "not_found", retryable: false });
      }
      return { receiptId, status: "succeeded" };
    },
  };
}

/**
 * Where the sandbox page sends the buyer back: a path when the return address is on the
 * shop's own origin, so the way back works whatever host the page was opened on.
 */
export function returnPath(returnUrl: string, publicUrl: string): string {
  const back = new URL(returnUrl);
  return back.origin === new URL(publicUrl).origin ? `${back.pathname}${back.search}` : returnUrl;
}

/** A sandbox payment for its page, or undefined for an unknown id. */
export async function findSandboxPayment(db: Database, id: string): Promise<SandboxPaymentView | undefined> {
  const row = await findRow(db, id);
  return row && { id: row.id, status: row.status, amountRub: row.amount, description: row.description, returnUrl: row.returnUrl };
}

/**
 * The buyer's choice on the sandbox page: a pending payment becomes succeeded or canceled;
 * a final one stays as it is (a second click changes nothing). Returns where to send the
 * buyer and the payment's status now, or undefined for an unknown id.
 */
export async function decideSandboxPayment(
  db: Database,
  id: string,
  decision: SandboxDecision,
): Promise<{ returnUrl: string; status: PaymentStatus } | undefined> {
  if (!paymentIdPattern.test(id)) return undefined;
  const [moved] = await db
    .update(sandboxPayments)
    .set({ status: decision === "pay" ? "succeeded" : "canceled", updatedAt: new Date() })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, "pending")))
    .returning({ returnUrl: sandboxPayments.returnUrl, status: sandboxPayments.status });
  if (moved) return moved;
  const row = await findRow(db, id);
  return row && { returnUrl: row.returnUrl, status: row.status };
}
