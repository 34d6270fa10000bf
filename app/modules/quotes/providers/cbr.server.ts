import { addDays, moscowDate } from "../calendar.ts";
import type { StoredInstrument } from "../instruments.ts";
import { HttpStatusError, describeUrl, fetchBytes } from "./http.server.ts";
import { type ProviderReading, type QuotesProvider, QuotesProviderError } from "./provider.ts";
import { type XmlElement, XmlParseError, childElements, childText, decodeXmlBytes, parseXml } from "./xml.ts";

/**
 * The Bank of Russia's XML services (www.cbr.ru/development/sxml): the accounting prices
 * of gold and silver in roubles per gram (xml_metall.asp) and the official dollar rate
 * (XML_daily.asp for the newest list, XML_dynamic.asp for a range). The answers are
 * windows-1251 XML with comma decimals; dates are DD/MM/YYYY in requests, DD.MM.YYYY in
 * answers and YYYYMMDD in Metall's FromDate/ToDate, all turned into "YYYY-MM-DD".
 */

export type CbrProviderOptions = {
  baseUrl?: string;
  timeoutMs?: number;
  /** Stands in for the global fetch (tests). */
  fetchImpl?: typeof fetch;
};

/** The Bank of Russia's internal id of the US dollar. */
export const CBR_USD_ID = "R01235";

/** xml_metall.asp Record/@Code → stored instrument; 3 (platinum) and 4 (palladium) are not stored. */
const METAL_CODES: Record<string, StoredInstrument> = { "1": "XAU_RUB", "2": "XAG_RUB" };

/** Days of metal prices latest() asks for, today included, to get past weekends and holidays. */
const LATEST_METALS_DAYS = 14;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function fail(message: string, cause?: unknown): never {
  throw new QuotesProviderError(`Bank of Russia: ${message}`, cause === undefined ? undefined : { cause });
}

function checkedDate(year: string, month: string, day: string, source: string): string {
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) fail(`invalid date "${source}"`);
  return iso;
}

/** "YYYY-MM-DD" → "DD/MM/YYYY", the form of date_req, date_req1 and date_req2. */
export function toCbrRequestDate(date: string): string {
  const match = ISO_DATE.exec(date);
  if (!match) fail(`invalid date "${date}", expected YYYY-MM-DD`);
  const [, year, month, day] = match;
  checkedDate(year!, month!, day!, date);
  return `${day}/${month}/${year}`;
}

/** "DD.MM.YYYY" of Date attributes → "YYYY-MM-DD". */
export function fromCbrDate(value: string | undefined): string {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value?.trim() ?? "");
  if (!match) fail(`invalid date "${value ?? ""}", expected DD.MM.YYYY`);
  return checkedDate(match[3]!, match[2]!, match[1]!, value!);
}

/** "YYYYMMDD" of Metall's FromDate and ToDate → "YYYY-MM-DD". */
export function fromCbrCompactDate(value: string | undefined): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value?.trim() ?? "");
  if (!match) fail(`invalid date "${value ?? ""}", expected YYYYMMDD`);
  return checkedDate(match[1]!, match[2]!, match[3]!, value!);
}

/** "11831,31" → 11831.31; a positive finite number or a QuotesProviderError. */
export function parseCbrDecimal(value: string | undefined, what: string): number {
  const match = /^(\d+)(?:[,.](\d+))?$/.exec(value?.trim() ?? "");
  const number = match ? Number(`${match[1]}.${match[2] ?? "0"}`) : Number.NaN;
  if (!Number.isFinite(number) || number <= 0) fail(`${what} is "${value ?? ""}", not a positive decimal`);
  return number;
}

/** Removes the noise of binary floating point from a quotient: 21.5637 / 100 → 0.215637. */
function roundQuotient(value: number): number {
  return Math.round(value * 1e10) / 1e10;
}

/** RUB for one unit: VunitRate when given, else Value / Nominal. */
function unitRate(element: XmlElement, what: string): { nominal: number; value: number; unitRate: number } {
  const nominalText = childText(element, "Nominal");
  const nominal = nominalText === undefined ? 1 : Number(nominalText);
  if (!Number.isInteger(nominal) || nominal < 1) fail(`${what} has Nominal "${nominalText}"`);
  const value = parseCbrDecimal(childText(element, "Value"), `${what} Value`);
  const vunit = childText(element, "VunitRate");
  const rate = vunit === undefined || vunit === "" ? roundQuotient(value / nominal) : parseCbrDecimal(vunit, `${what} VunitRate`);
  return { nominal, value, unitRate: rate };
}

/** Parses the text of an answer and checks its root element. */
function parseRoot(text: string, rootName: string, where: string): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof XmlParseError) fail(`${where} answered something that is not XML (${error.message})`, error);
    throw error;
  }
  if (root.name !== rootName) fail(`${where} answered <${root.name}> instead of <${rootName}>`);
  return root;
}

function byDateAndInstrument(a: ProviderReading, b: ProviderReading): number {
  const order: StoredInstrument[] = ["XAU_RUB", "XAG_RUB", "USD_RUB"];
  return a.tradingDate.localeCompare(b.tradingDate) || order.indexOf(a.instrument) - order.indexOf(b.instrument);
}

export type CbrMetalPrices = {
  /** Metall/@FromDate and @ToDate as "YYYY-MM-DD", undefined when absent. */
  fromDate: string | undefined;
  toDate: string | undefined;
  /** Gold and silver (Buy) per record date, oldest first; weekend-dated records kept. */
  readings: ProviderReading[];
};

/** An xml_metall.asp answer. An empty range (a root without records) has no readings. */
export function parseCbrMetals(text: string, where = "xml_metall.asp"): CbrMetalPrices {
  const root = parseRoot(text, "Metall", where);
  const byKey = new Map<string, ProviderReading>();
  for (const record of childElements(root, "Record")) {
    const instrument = METAL_CODES[record.attributes.Code?.trim() ?? ""];
    if (!instrument) continue;
    const tradingDate = fromCbrDate(record.attributes.Date);
    const value = parseCbrDecimal(childText(record, "Buy"), `${instrument} Buy on ${tradingDate}`);
    byKey.set(`${tradingDate} ${instrument}`, { instrument, value, tradingDate });
  }
  return {
    fromDate: root.attributes.FromDate === undefined ? undefined : fromCbrCompactDate(root.attributes.FromDate),
    toDate: root.attributes.ToDate === undefined ? undefined : fromCbrCompactDate(root.attributes.ToDate),
    readings: [...byKey.values()].sort(byDateAndInstrument),
  };
}

export type CbrCurrency = {
  id: string;
  numCode: string;
  charCode: string;
  name: string;
  nominal: number;
  /** RUB for `nominal` units. */
  value: number;
  /** RUB for one unit. */
  unitRate: number;
};

export type CbrDailyRates = {
  /** ValCurs/@Date as "YYYY-MM-DD": the date the list is for, possibly tomorrow. */
  date: string;
  currencies: CbrCurrency[];
};

/** An XML_daily.asp answer. */
export function parseCbrDaily(text: string, where = "XML_daily.asp"): CbrDailyRates {
  const root = parseRoot(text, "ValCurs", where);
  const date = fromCbrDate(root.attributes.Date);
  const currencies = childElements(root, "Valute").map((valute): CbrCurrency => {
    const charCode = childText(valute, "CharCode") ?? "";
    return {
      id: valute.attributes.ID ?? "",
      numCode: childText(valute, "NumCode") ?? "",
      charCode,
      name: childText(valute, "Name") ?? "",
      ...unitRate(valute, `${charCode || "currency"} on ${date}`),
    };
  });
  return { date, currencies };
}

export type CbrDollarRates = {
  /** ValCurs/@DateRange1 and @DateRange2 as "YYYY-MM-DD", undefined when absent. */
  fromDate: string | undefined;
  toDate: string | undefined;
  /** USD_RUB per record date, oldest first. */
  readings: ProviderReading[];
};

/** An XML_dynamic.asp answer for the dollar (VAL_NM_RQ=R01235). */
export function parseCbrDollarDynamic(text: string, where = "XML_dynamic.asp"): CbrDollarRates {
  const root = parseRoot(text, "ValCurs", where);
  const rootId = root.attributes.ID;
  if (rootId !== undefined && rootId !== CBR_USD_ID) fail(`${where} answered the rates of ${rootId}, not of the dollar`);
  const byDate = new Map<string, ProviderReading>();
  for (const record of childElements(root, "Record")) {
    const id = record.attributes.Id ?? record.attributes.ID;
    if (id !== undefined && id !== CBR_USD_ID) fail(`${where} answered a record of ${id}, not of the dollar`);
    const tradingDate = fromCbrDate(record.attributes.Date);
    byDate.set(tradingDate, { instrument: "USD_RUB", value: unitRate(record, `USD on ${tradingDate}`).unitRate, tradingDate });
  }
  return {
    fromDate: root.attributes.DateRange1 === undefined ? undefined : fromCbrDate(root.attributes.DateRange1),
    toDate: root.attributes.DateRange2 === undefined ? undefined : fromCbrDate(root.attributes.DateRange2),
    readings: [...byDate.values()].sort(byDateAndInstrument),
  };
}

/** A query value with the slashes of DD/MM/YYYY left as they are. */
function queryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, "/");
}

export function createCbrProvider(options: CbrProviderOptions = {}): QuotesProvider {
  const baseUrl = (options.baseUrl ?? "https://www.cbr.ru").replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;

  /** GETs a script and returns the decoded text; one request at a time, as the site prefers. */
  async function getXml(script: string, query: Record<string, string>): Promise<{ text: string; where: string }> {
    const search = Object.entries(query)
      .map(([key, value]) => `${key}=${queryValue(value)}`)
      .join("&");
    const url = `${baseUrl}/scripts/${script}${search ? `?${search}` : ""}`;
    const where = describeUrl(url);
    let answer;
    try {
      answer = await fetchBytes(url, {
        timeoutMs,
        fetchImpl: options.fetchImpl,
        accept: "application/xml,text/xml;q=0.9,*/*;q=0.8",
      });
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 403 && /html/i.test(error.contentType)) {
        fail(`${where} answered HTTP 403 with an HTML page: the site's anti-bot filter (DDoS-Guard) refused the request`, error);
      }
      if (error instanceof QuotesProviderError) fail(error.message, error);
      throw error;
    }
    if (/html/i.test(answer.contentType)) fail(`${where} answered an HTML page (${answer.contentType}) instead of XML`);
    try {
      return { text: decodeXmlBytes(answer.bytes, answer.contentType), where };
    } catch (error) {
      if (error instanceof XmlParseError) fail(`${where}: ${error.message}`, error);
      throw error;
    }
  }

  async function metals(from: string, to: string): Promise<ProviderReading[]> {
    const { text, where } = await getXml("xml_metall.asp", { date_req1: toCbrRequestDate(from), date_req2: toCbrRequestDate(to) });
    return parseCbrMetals(text, where).readings;
  }

  function checkRange(from: string, to: string) {
    toCbrRequestDate(from);
    toCbrRequestDate(to);
    if (from > to) fail(`the range ${from}…${to} ends before it starts`);
  }

  return {
    id: "cbr",
    label: "Банк России",

    async latest(now) {
      const today = moscowDate(now);
      const from = addDays(today, -(LATEST_METALS_DAYS - 1));
      const metalReadings = await metals(from, today);
      // The newest date that has both metals.
      const dates = [...new Set(metalReadings.map((reading) => reading.tradingDate))].sort().reverse();
      const newest = dates.find((date) => metalReadings.filter((reading) => reading.tradingDate === date).length === 2);
      if (!newest) fail(`no gold and silver prices published between ${from} and ${today}`);
      const gold = metalReadings.find((reading) => reading.tradingDate === newest && reading.instrument === "XAU_RUB")!;
      const silver = metalReadings.find((reading) => reading.tradingDate === newest && reading.instrument === "XAG_RUB")!;

      const { text, where } = await getXml("XML_daily.asp", {});
      const daily = parseCbrDaily(text, where);
      const dollar = daily.currencies.find((currency) => currency.charCode === "USD");
      if (!dollar) fail(`${where} has no US dollar rate in the list of ${daily.date}`);
      return [gold, silver, { instrument: "USD_RUB", value: dollar.unitRate, tradingDate: daily.date }];
    },

    async history(from, to) {
      checkRange(from, to);
      const metalReadings = await metals(from, to);
      const { text, where } = await getXml("XML_dynamic.asp", {
        date_req1: toCbrRequestDate(from),
        date_req2: toCbrRequestDate(to),
        VAL_NM_RQ: CBR_USD_ID,
      });
      const dollarReadings = parseCbrDollarDynamic(text, where).readings;
      return [...metalReadings, ...dollarReadings].filter((reading) => reading.tradingDate >= from && reading.tradingDate <= to).sort(byDateAndInstrument);
    },
  };
}
