import { getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import type { orders } from "../db/schema.ts";
import { invoiceDocument, type InvoiceDocument } from "../invoices/invoice.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.server.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { orderReceiptLines } from "../receipts/receipts.server.ts";
import { paymentDeadline } from "./lifecycle.server.ts";

type OrderRow = typeof orders.$inferSelect;

/**
 * The invoice of an order paid by invoice: its number is the order's («2026-000123», what a
 * payment's purpose names), its lines those the receipts would carry (the same VAT rule), the
 * seller's details and bank account as the settings give them. Undefined for any other order.
 */
export async function orderInvoice(db: Database, order: OrderRow): Promise<InvoiceDocument | undefined> {
  if (order.paymentId !== PAYMENT_IDS.invoice) return undefined;
  return companyDocument(db, order);
}

/**
 * The document of an order bought by a company, whatever the way it was paid: the invoice, and
 * at handover the УПД with the same lines. Undefined for a private buyer's order.
 */
export async function companyDocument(db: Database, order: OrderRow): Promise<InvoiceDocument | undefined> {
  if (!order.company) return undefined;
  const config = getConfig();
  const { paymentDays: _days, cardPaymentMaxRub: _limit, ...bank } = config.invoices;
  const lines = await orderReceiptLines(db, order, "full_payment");
  return invoiceDocument({
    number: order.number,
    issuedAt: order.createdAt,
    // An order held for review and released later has its own due time; one never due is due by the rule.
    dueAt: order.paymentDueAt ?? paymentDeadline(order.paymentId, order.createdAt, 0, 0),
    seller: { name: config.seller.name, inn: config.seller.inn, address: config.seller.address, ...bank, demo: bank.demo || config.seller.demo },
    buyer: order.company,
    lines,
  });
}

/** The invoice as a PDF file: its name and bytes. */
export async function orderInvoicePdf(db: Database, order: OrderRow): Promise<{ fileName: string; bytes: Uint8Array } | undefined> {
  const invoice = await orderInvoice(db, order);
  if (!invoice) return undefined;
  return { fileName: `schet-${invoice.number}.pdf`, bytes: await renderInvoicePdf(invoice) };
}

/** The PDF as a download response (private: a company's details). */
export function invoiceResponse(file: { fileName: string; bytes: Uint8Array }): Response {
  return new Response(new Blob([file.bytes as Uint8Array<ArrayBuffer>]), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
