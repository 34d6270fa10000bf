/**
 * The «Счёт на оплату» of an order, as the usual Russian form lays it out: the seller's bank
 * details for the payment order, the seller and the buyer with their ИНН/КПП, the lines with their
 * VAT (each line's treatment from modules/tax: exempt investment coins, VAT included otherwise),
 * the total and the sum in words. Pure: the PDF and the УПД print the same document.
 */
import type { OrderCompany } from "../db/column-values.ts";
import type { InvoiceSettings } from "../config/invoice-settings.ts";
import type { SellerDetails } from "../config/seller.ts";
import { SHOP_TIME_ZONE } from "../shared/format.ts";
import type { ReceiptVat } from "../tax/vat.ts";
import { amountInWords } from "./amount-in-words.ts";

/** One line as the order holds it: whole roubles per unit. */
export type InvoiceLineInput = { name: string; quantity: number; priceRub: number; vat: ReceiptVat; subject: "commodity" | "service" };

export type InvoiceLine = {
  position: number;
  name: string;
  quantity: number;
  unit: "шт" | "усл. ед.";
  priceKopecks: number;
  amountKopecks: number;
  vat: ReceiptVat;
  /** The VAT included in the line's amount, kopecks; 0 when exempt. */
  vatKopecks: number;
};

export type InvoiceDocument = {
  /** The order's number, «2026-000123»: the number a payment names (statement-match.ts). */
  number: string;
  /** «27.11.2026», Moscow date. */
  date: string;
  /** The last day to pay, «02.12.2026». */
  payBy: string;
  seller: Pick<SellerDetails, "name" | "inn" | "address"> & Omit<InvoiceSettings, "paymentDays" | "cardPaymentMaxRub">;
  buyer: OrderCompany;
  lines: InvoiceLine[];
  totalKopecks: number;
  /** VAT included, by rate; empty when every line is exempt. */
  vat: Array<{ rate: 20 | 22; kopecks: number }>;
  /** «Всего наименований 2, на сумму 123 456,00 руб.» */
  summary: string;
  totalInWords: string;
  /** What the payment order's purpose should say, so the statement finds the invoice. */
  purpose: string;
};

const RATES: Record<Exclude<ReceiptVat, "exempt">, 20 | 22> = { vat20: 20, vat22: 22 };

const dateFormatter = new Intl.DateTimeFormat("ru-RU", { timeZone: SHOP_TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });
/** «27.11.2026» in Moscow. */
export const invoiceDate = (at: Date) => dateFormatter.format(at);

/** The last day to pay an invoice due at `dueAt` (the Moscow midnight that ends that day): «02.12.2026». */
export const invoicePayBy = (dueAt: Date | string) => invoiceDate(new Date(new Date(dueAt).getTime() - 1));

/** «123 456,78»: kopecks as an invoice prints sums, with plain spaces (a PDF's text stays searchable). */
export function invoiceSum(kopecks: number): string {
  const roubles = Math.floor(kopecks / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return `${roubles},${String(kopecks % 100).padStart(2, "0")}`;
}

/** The VAT included in a sum at `rate` %: sum × rate / (100 + rate), to the kopeck. */
export const includedVat = (kopecks: number, rate: number) => Math.round((kopecks * rate) / (100 + rate));

export function vatLabel(vat: ReceiptVat): string {
  return vat === "exempt" ? "Без НДС" : `${RATES[vat]}%`;
}

export function invoiceDocument(input: {
  number: string;
  issuedAt: Date;
  dueAt: Date;
  seller: InvoiceDocument["seller"];
  buyer: OrderCompany;
  lines: InvoiceLineInput[];
}): InvoiceDocument {
  const lines = input.lines.map((line, index): InvoiceLine => {
    const priceKopecks = line.priceRub * 100;
    const amountKopecks = priceKopecks * line.quantity;
    return {
      position: index + 1,
      name: line.name,
      quantity: line.quantity,
      unit: line.subject === "service" ? "усл. ед." : "шт",
      priceKopecks,
      amountKopecks,
      vat: line.vat,
      vatKopecks: line.vat === "exempt" ? 0 : includedVat(amountKopecks, RATES[line.vat]),
    };
  });
  const totalKopecks = lines.reduce((sum, line) => sum + line.amountKopecks, 0);
  const vat = ([20, 22] as const)
    .map((rate) => ({
      rate,
      kopecks: lines.filter((line) => line.vat !== "exempt" && RATES[line.vat] === rate).reduce((sum, line) => sum + line.vatKopecks, 0),
    }))
    .filter((entry) => lines.some((line) => line.vat !== "exempt" && RATES[line.vat] === entry.rate));
  return {
    number: input.number,
    date: invoiceDate(input.issuedAt),
    // Due at the Moscow midnight that ends the last day: that day is the one printed.
    payBy: invoicePayBy(input.dueAt),
    seller: input.seller,
    buyer: input.buyer,
    lines,
    totalKopecks,
    vat,
    summary: `Всего наименований ${lines.length}, на сумму ${invoiceSum(totalKopecks)} руб.`,
    totalInWords: amountInWords(totalKopecks),
    purpose: `Оплата по счёту № ${input.number} от ${invoiceDate(input.issuedAt)}${vat.length === 0 ? ", НДС не облагается" : `, в т.ч. НДС ${invoiceSum(vat.reduce((sum, entry) => sum + entry.kopecks, 0))} руб.`}`,
  };
}
