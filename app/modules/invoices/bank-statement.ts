/**
 * A bank statement as Russian banks export it for accounting programs: the `1CClientBankExchange`
 * text format (windows-1251, or cp866 where the header says DOS). Staff upload it to mark invoices
 * paid; this reads it into the incoming payments of one account, or refuses it with the reason in
 * Russian. Reading never guesses: a file in another encoding, for another account or with a broken
 * document is refused whole, so nothing is applied from half a statement.
 */
import type { Outcome } from "../shared/failure.ts";

/** One incoming payment order of the statement. Sums in kopecks. */
export type StatementPayment = {
  /** The payment order's own number and date, as the payer's bank numbered it. */
  number: string;
  date: string;
  amountKopecks: number;
  payerInn: string;
  payerName: string;
  payerAccount: string;
  /** «НазначениеПлатежа»: where the payer names the invoice. */
  purpose: string;
  /** Stable across uploads of overlapping statements: the same payment is applied once. */
  key: string;
};

export type BankStatement = { account: string; from: string; to: string; payments: StatementPayment[] };

/** Past this a file is no statement a shop's account produces in a day or a month. */
export const STATEMENT_LIMITS = { bytes: 5_000_000, documents: 10_000, valueLength: 2_000 } as const;

export const statementTexts = {
  notStatement: "Это не выписка в формате 1С (1CClientBankExchange): выгрузите выписку из банка для 1С:Бухгалтерии",
  tooLarge: "Файл выписки больше 5 МБ: выгрузите выписку за меньший период",
  wrongEncoding: "Выписка не в кодировке Windows-1251: выгрузите её из банка ещё раз, не открывая и не сохраняя в другом редакторе",
  otherAccount: (account: string, ours: string) => `Выписка по счёту ${account}, а счёт магазина ${ours}: загрузите выписку по счёту магазина`,
  noAccount: "В выписке не указан расчётный счёт (РасчСчет)",
  unfinished: "Выписка обрывается: нет строки КонецФайла. Выгрузите её из банка ещё раз",
  badDocument: (index: number, field: string) => `Документ ${index} выписки: неверное поле ${field}`,
  tooManyDocuments: "В выписке больше 10 000 документов: выгрузите выписку за меньший период",
} as const;

const decoders = { windows: new TextDecoder("windows-1251"), dos: new TextDecoder("ibm866") } as const;

/**
 * Reads a statement file for the shop's account `ours` (20 digits). Only money coming in to
 * `ours` is returned: the shop's own payments out of the account are not invoices' payments.
 */
export function readBankStatement(bytes: Uint8Array, ours: string): Outcome<{ statement: BankStatement }> {
  if (bytes.length > STATEMENT_LIMITS.bytes) return { ok: false, reason: statementTexts.tooLarge };
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 64));
  if (!/^(\uFEFF|ï»¿)?1CClientBankExchange\r?\n/.test(head)) return { ok: false, reason: statementTexts.notStatement };
  if (looksLikeUtf8Cyrillic(bytes)) return { ok: false, reason: statementTexts.wrongEncoding };
  const lines = decodeLines(bytes);
  const encoding = header(lines, "Кодировка");
  if (encoding !== undefined && !/^(windows|dos)$/i.test(encoding)) return { ok: false, reason: statementTexts.wrongEncoding };
  if (!lines.some((line) => line.trim() === "КонецФайла")) return { ok: false, reason: statementTexts.unfinished };

  const account = header(lines, "РасчСчет");
  if (!account) return { ok: false, reason: statementTexts.noAccount };
  if (account !== ours) return { ok: false, reason: statementTexts.otherAccount(account, ours) };

  const documents = sections(lines, "СекцияДокумент", "КонецДокумента");
  if (documents.length > STATEMENT_LIMITS.documents) return { ok: false, reason: statementTexts.tooManyDocuments };
  const payments: StatementPayment[] = [];
  for (const [index, fields] of documents.entries()) {
    // Money out of the shop's account is listed too: only what the shop received pays an invoice.
    const recipient = fields.get("ПолучательСчет") ?? fields.get("ПолучательРасчСчет");
    if (recipient !== ours) continue;
    const read = readPayment(fields);
    if (!read.ok) return { ok: false, reason: statementTexts.badDocument(index + 1, read.reason) };
    payments.push(read.payment);
  }
  return { ok: true, statement: { account, from: header(lines, "ДатаНачала") ?? "", to: header(lines, "ДатаКонца") ?? "", payments } };
}

function readPayment(fields: Map<string, string>): Outcome<{ payment: StatementPayment }> {
  const number = fields.get("Номер") ?? "";
  if (!/^[\dA-Za-zА-Яа-я-]{1,20}$/.test(number)) return { ok: false, reason: "Номер" };
  const date = fields.get("Дата") ?? "";
  if (!isDate(date)) return { ok: false, reason: "Дата" };
  const amountKopecks = parseAmount(fields.get("Сумма") ?? "");
  if (amountKopecks === undefined) return { ok: false, reason: "Сумма" };
  const payerInn = fields.get("ПлательщикИНН") ?? "";
  if (payerInn !== "" && !/^\d{10}$|^\d{12}$/.test(payerInn)) return { ok: false, reason: "ПлательщикИНН" };
  const payerAccount = fields.get("ПлательщикСчет") ?? fields.get("ПлательщикРасчСчет") ?? "";
  const payerName = fields.get("Плательщик1") ?? fields.get("Плательщик") ?? "";
  const purpose = [fields.get("НазначениеПлатежа") ?? "", ...[1, 2, 3, 4, 5, 6].map((n) => fields.get(`НазначениеПлатежа${n}`) ?? "")]
    .filter(Boolean)
    .join(" ");
  const key = [date, number, payerInn || payerAccount, amountKopecks].join("|");
  return { ok: true, payment: { number, date, amountKopecks, payerInn, payerName, payerAccount, purpose, key } };
}

/** "150000.00", "150000", "99.5": a positive sum in roubles to kopecks; anything else is undefined. */
function parseAmount(text: string): number | undefined {
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const kopecks = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return kopecks > 0 && Number.isSafeInteger(kopecks) ? kopecks : undefined;
}

function isDate(text: string): boolean {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The file's lines in the encoding its header names (windows-1251 unless it says DOS). */
function decodeLines(bytes: Uint8Array): string[] {
  // The header's own key is Cyrillic too: it reads as «Кодировка» only in the file's own encoding.
  const dos = /^Кодировка=DOS\s*$/im.test(decoders.dos.decode(bytes.subarray(0, 4096)));
  return (dos ? decoders.dos : decoders.windows).decode(bytes).split(/\r?\n/);
}

/** A key of the header (the lines before the first section). */
function header(lines: string[], key: string): string | undefined {
  for (const line of lines) {
    if (line.startsWith("Секция")) return undefined;
    const [name, value] = splitLine(line);
    if (name === key) return value;
  }
  return undefined;
}

/** The key=value lines of every section opened by `open` (e.g. "СекцияДокумент=…") up to `close`. */
function sections(lines: string[], open: string, close: string): Map<string, string>[] {
  const found: Map<string, string>[] = [];
  let current: Map<string, string> | undefined;
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === open || trimmed.startsWith(`${open}=`)) {
      current = new Map();
      found.push(current);
      if (found.length > STATEMENT_LIMITS.documents) break;
    } else if (trimmed === close) {
      current = undefined;
    } else if (current) {
      const [name, value] = splitLine(line);
      if (name && !current.has(name)) current.set(name, value.slice(0, STATEMENT_LIMITS.valueLength));
    }
  }
  return found;
}

function splitLine(line: string): [string, string] {
  const at = line.indexOf("=");
  return at < 0 ? [line.trim(), ""] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
}

/**
 * A statement saved as UTF-8 (opened and saved again in an editor): Cyrillic letters are then
 * two-byte sequences D0/D1 xx, which windows-1251 would read as «РЎ», «Рµ»… and no key would match.
 */
function looksLikeUtf8Cyrillic(bytes: Uint8Array): boolean {
  let pairs = 0;
  for (let i = 0; i + 1 < bytes.length && i < 65_536; i++) {
    const lead = bytes[i]!;
    if ((lead === 0xd0 || lead === 0xd1) && (bytes[i + 1]! & 0xc0) === 0x80) {
      pairs++;
      i++;
    }
  }
  return pairs >= 8 && new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 65_536)).includes("Секция");
}
