/**
 * The invoice as a PDF (pdfkit), in the layout Russian accountants expect: the bank details box
 * a payment order is filled from, the title, the seller and the buyer, the lines, the totals with
 * VAT, the sum in words and the signatures. The font is DejaVu Sans from an npm package, so the
 * Cyrillic text renders the same on any machine without system fonts.
 */
import { createRequire } from "node:module";
import { invoiceSum, vatLabel, type InvoiceDocument } from "./invoice.ts";

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};

/** An order has at most a few dozen lines (MAX_PIECES_PER_COIN, the cart's size): a page or two, rendered in the request. */
export const INVOICE_MAX_LINES = 200;

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const WIDTH = PAGE.width - 2 * PAGE.margin;

export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  if (invoice.lines.length > INVOICE_MAX_LINES) throw new RangeError(`An invoice of ${invoice.lines.length} lines`);
  // Loaded on first use: most requests never print an invoice.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    info: { Title: `Счёт на оплату № ${invoice.number} от ${invoice.date}`, Author: invoice.seller.name },
  });
  doc.registerFont("regular", FONTS.regular);
  doc.registerFont("bold", FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  const left = PAGE.margin;
  let y = PAGE.margin;
  const text = (value: string, x: number, top: number, width: number, options: { bold?: boolean; size?: number; align?: "left" | "right" | "center" } = {}) => {
    doc
      .font(options.bold ? "bold" : "regular")
      .fontSize(options.size ?? 8.5)
      .text(value, x, top, { width, align: options.align ?? "left" });
    return doc.heightOfString(value, { width });
  };
  const heightOf = (value: string, width: number, size = 8.5, bold = false) =>
    doc
      .font(bold ? "bold" : "regular")
      .fontSize(size)
      .heightOfString(value, { width });

  if (invoice.seller.demo) {
    text("ДЕМОНСТРАЦИОННЫЕ РЕКВИЗИТЫ: по этому счёту не платить", left, y, WIDTH, { bold: true, align: "center", size: 9 });
    y += 16;
  }

  // The bank box: what the buyer's accountant copies into the payment order.
  const box = { labelX: left + WIDTH * 0.58, valueX: left + WIDTH * 0.68, right: left + WIDTH };
  const pad = 3;
  const bankRowHeight = Math.max(30, heightOf(invoice.seller.bankName, box.labelX - left - 2 * pad) + 16);
  const recipientHeight = Math.max(30, heightOf(invoice.seller.name, box.labelX - left - 2 * pad) + 16);
  const rows = [bankRowHeight, 16, recipientHeight];
  const boxTop = y;
  doc.lineWidth(0.6);
  doc
    .rect(
      left,
      boxTop,
      WIDTH,
      rows.reduce((a, b) => a + b, 0),
    )
    .stroke();
  doc
    .moveTo(box.labelX, boxTop)
    .lineTo(box.labelX, boxTop + rows.reduce((a, b) => a + b, 0))
    .stroke();
  doc
    .moveTo(box.valueX, boxTop)
    .lineTo(box.valueX, boxTop + rows.reduce((a, b) => a + b, 0))
    .stroke();
  doc
    .moveTo(left, boxTop + rows[0]!)
    .lineTo(box.labelX, boxTop + rows[0]!)
    .stroke();
  doc
    .moveTo(left, boxTop + rows[0]! + rows[1]!)
    .lineTo(box.labelX, boxTop + rows[0]! + rows[1]!)
    .stroke();
  doc
    .moveTo(box.labelX, boxTop + 15)
    .lineTo(box.right, boxTop + 15)
    .stroke();
  doc
    .moveTo(box.labelX, boxTop + rows[0]!)
    .lineTo(box.right, boxTop + rows[0]!)
    .stroke();
  const half = left + (box.labelX - left) / 2;
  doc
    .moveTo(half, boxTop + rows[0]!)
    .lineTo(half, boxTop + rows[0]! + rows[1]!)
    .stroke();
  text(invoice.seller.bankName, left + pad, boxTop + pad, box.labelX - left - 2 * pad);
  text("Банк получателя", left + pad, boxTop + rows[0]! - 11, box.labelX - left - 2 * pad, { size: 7 });
  text("БИК", box.labelX + pad, boxTop + pad, box.valueX - box.labelX - 2 * pad);
  text(invoice.seller.bik, box.valueX + pad, boxTop + pad, box.right - box.valueX - 2 * pad);
  text("Сч. №", box.labelX + pad, boxTop + 15 + pad, box.valueX - box.labelX - 2 * pad);
  text(invoice.seller.correspondentAccount, box.valueX + pad, boxTop + 15 + pad, box.right - box.valueX - 2 * pad);
  const innTop = boxTop + rows[0]! + pad;
  text(`ИНН ${invoice.seller.inn}`, left + pad, innTop, half - left - 2 * pad);
  text(invoice.seller.kpp ? `КПП ${invoice.seller.kpp}` : "КПП —", half + pad, innTop, box.labelX - half - 2 * pad);
  text("Сч. №", box.labelX + pad, innTop, box.valueX - box.labelX - 2 * pad);
  text(invoice.seller.account, box.valueX + pad, innTop, box.right - box.valueX - 2 * pad);
  const recipientTop = boxTop + rows[0]! + rows[1]!;
  text(invoice.seller.name, left + pad, recipientTop + pad, box.labelX - left - 2 * pad);
  text("Получатель", left + pad, recipientTop + rows[2]! - 11, box.labelX - left - 2 * pad, { size: 7 });
  y = boxTop + rows.reduce((a, b) => a + b, 0) + 16;

  y += text(`Счёт на оплату № ${invoice.number} от ${invoice.date}`, left, y, WIDTH, { bold: true, size: 13 }) + 4;
  doc
    .lineWidth(1.5)
    .moveTo(left, y)
    .lineTo(left + WIDTH, y)
    .stroke()
    .lineWidth(0.6);
  y += 8;

  const party = (label: string, details: string) => {
    const labelWidth = 90;
    text(label, left, y, labelWidth);
    y += Math.max(heightOf(label, labelWidth), text(details, left + labelWidth, y, WIDTH - labelWidth, { bold: true })) + 6;
  };
  const innKpp = (inn: string, kpp: string | null) => `ИНН ${inn}${kpp ? `, КПП ${kpp}` : ""}`;
  party("Поставщик (Исполнитель):", `${invoice.seller.name}, ${innKpp(invoice.seller.inn, invoice.seller.kpp)}, ${invoice.seller.address}`);
  party("Покупатель (Заказчик):", `${invoice.buyer.name}, ${innKpp(invoice.buyer.inn, invoice.buyer.kpp)}, ${invoice.buyer.legalAddress}`);
  party("Основание:", `Заказ № ${invoice.number}`);
  y += 4;

  // The lines.
  const columns = [
    { title: "№", width: 22, align: "center" as const },
    { title: "Товары (работы, услуги)", width: 0, align: "left" as const },
    { title: "Кол-во", width: 40, align: "right" as const },
    { title: "Ед.", width: 50, align: "left" as const },
    { title: "Цена", width: 68, align: "right" as const },
    { title: "НДС", width: 46, align: "center" as const },
    { title: "Сумма", width: 78, align: "right" as const },
  ];
  columns[1]!.width = WIDTH - columns.reduce((sum, column) => sum + column.width, 0);
  const row = (cells: string[], bold = false) => {
    const height = Math.max(...cells.map((cell, index) => heightOf(cell, columns[index]!.width - 2 * pad, 8.5, bold))) + 2 * pad;
    if (y + height > PAGE.height - PAGE.margin - 120) {
      doc.addPage();
      y = PAGE.margin;
    }
    let x = left;
    for (const [index, cell] of cells.entries()) {
      const column = columns[index]!;
      doc.rect(x, y, column.width, height).stroke();
      text(cell, x + pad, y + pad, column.width - 2 * pad, { bold, align: column.align });
      x += column.width;
    }
    y += height;
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  for (const line of invoice.lines) {
    row([
      String(line.position),
      line.name,
      String(line.quantity),
      line.unit,
      invoiceSum(line.priceKopecks),
      vatLabel(line.vat),
      invoiceSum(line.amountKopecks),
    ]);
  }
  y += 6;

  const totalsLabelWidth = 200;
  const totals: Array<[string, string]> = [
    ["Итого:", invoiceSum(invoice.totalKopecks)],
    ...(invoice.vat.length === 0
      ? [["Без налога (НДС):", "—"] as [string, string]]
      : invoice.vat.map((entry): [string, string] => [`В том числе НДС ${entry.rate}%:`, invoiceSum(entry.kopecks)])),
    ["Всего к оплате:", invoiceSum(invoice.totalKopecks)],
  ];
  for (const [label, value] of totals) {
    text(label, left + WIDTH - 78 - totalsLabelWidth, y, totalsLabelWidth, { bold: true, align: "right" });
    text(value, left + WIDTH - 78, y, 78, { bold: true, align: "right" });
    y += 13;
  }
  y += 6;
  y += text(invoice.summary, left, y, WIDTH) + 2;
  y += text(invoice.totalInWords, left, y, WIDTH, { bold: true }) + 10;
  y += text(`Оплатить не позднее ${invoice.payBy}. Неоплаченный в срок счёт аннулируется, заказ отменяется.`, left, y, WIDTH) + 2;
  y += text(`В назначении платежа укажите: «${invoice.purpose}».`, left, y, WIDTH) + 2;
  y += text("Товар отпускается по факту прихода денег на расчётный счёт поставщика, при наличии доверенности и паспорта или печати.", left, y, WIDTH) + 8;
  doc
    .lineWidth(1.5)
    .moveTo(left, y)
    .lineTo(left + WIDTH, y)
    .stroke()
    .lineWidth(0.6);
  y += 22;

  const signature = (label: string, x: number, width: number) => {
    text(label, x, y, 90, { bold: true });
    doc
      .moveTo(x + 92, y + 10)
      .lineTo(x + width, y + 10)
      .stroke();
  };
  if (invoice.seller.kpp) {
    signature("Руководитель", left, WIDTH / 2 - 12);
    signature("Бухгалтер", left + WIDTH / 2 + 12, WIDTH / 2 - 12);
  } else {
    signature("Индивидуальный предприниматель", left, WIDTH / 2);
  }

  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
