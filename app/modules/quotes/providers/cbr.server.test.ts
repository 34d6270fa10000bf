import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeReply, type FakeRequest, type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import {
  createCbrProvider,
  fromCbrCompactDate,
  fromCbrDate,
  parseCbrDaily,
  parseCbrDecimal,
  parseCbrDollarDynamic,
  parseCbrMetals,
  toCbrRequestDate,
} from "./cbr.server.ts";
import { type ProviderReading, QuotesProviderError } from "./provider.ts";

const fixtureBytes = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/quotes/${name}`, import.meta.url));
const cp1251 = new TextDecoder("windows-1251");
const fixtureText = (name: string) => cp1251.decode(fixtureBytes(name));
const XML = "application/xml; charset=windows-1251";

const metalsRange: ProviderReading[] = [
  { instrument: "XAU_RUB", value: 11831.31, tradingDate: "2026-04-01" },
  { instrument: "XAG_RUB", value: 184.82, tradingDate: "2026-04-01" },
  { instrument: "XAU_RUB", value: 11902.47, tradingDate: "2026-04-02" },
  { instrument: "XAG_RUB", value: 186.15, tradingDate: "2026-04-02" },
  { instrument: "XAU_RUB", value: 11876.05, tradingDate: "2026-04-03" },
  { instrument: "XAG_RUB", value: 185.4, tradingDate: "2026-04-03" },
  // Saturday, repeating Friday: kept, keyed by its own date.
  { instrument: "XAU_RUB", value: 11876.05, tradingDate: "2026-04-04" },
  { instrument: "XAG_RUB", value: 185.4, tradingDate: "2026-04-04" },
  { instrument: "XAU_RUB", value: 11958.6, tradingDate: "2026-04-07" },
  { instrument: "XAG_RUB", value: 187.93, tradingDate: "2026-04-07" },
];

const dollarRange: ProviderReading[] = [
  { instrument: "USD_RUB", value: 78.1727, tradingDate: "2026-04-01" },
  { instrument: "USD_RUB", value: 78.3987, tradingDate: "2026-04-02" },
  { instrument: "USD_RUB", value: 78.521, tradingDate: "2026-04-03" },
  { instrument: "USD_RUB", value: 78.9034, tradingDate: "2026-04-04" },
  { instrument: "USD_RUB", value: 79.0215, tradingDate: "2026-04-07" },
];

describe("CBR dates and numbers", () => {
  it("converts the three date forms to YYYY-MM-DD and back to the request form", () => {
    expect(toCbrRequestDate("2026-04-07")).toBe("07/04/2026");
    expect(fromCbrDate("08.04.2026")).toBe("2026-04-08");
    expect(fromCbrCompactDate("20260401")).toBe("2026-04-01");
    for (const bad of ["2026-4-7", "07/04/2026", "2026-02-30", ""]) expect(() => toCbrRequestDate(bad)).toThrow(QuotesProviderError);
    for (const bad of ["8.04.2026", "2026-04-08", "31.04.2026", undefined]) expect(() => fromCbrDate(bad)).toThrow(QuotesProviderError);
    for (const bad of ["2026041", "20261301", "01.04.2026"]) expect(() => fromCbrCompactDate(bad)).toThrow(QuotesProviderError);
  });

  it("reads comma decimals and refuses anything else", () => {
    expect(parseCbrDecimal("11831,31", "x")).toBe(11831.31);
    expect(parseCbrDecimal(" 0,215637 ", "x")).toBe(0.215637);
    expect(parseCbrDecimal("79", "x")).toBe(79);
    expect(parseCbrDecimal("79.11", "x")).toBe(79.11);
    for (const bad of ["", "1 234,5", "-1,5", "0,0000", "12,34,5", "abc", undefined]) {
      expect(() => parseCbrDecimal(bad, "x")).toThrow(QuotesProviderError);
    }
  });
});

describe("parsing the fixtures (windows-1251 bytes)", () => {
  it("reads gold and silver of xml_metall.asp, Buy per gram, weekend record included, platinum and palladium left out", () => {
    expect(parseCbrMetals(fixtureText("cbr-xml_metall.xml"))).toEqual({ fromDate: "2026-04-01", toDate: "2026-04-07", readings: metalsRange });
  });

  it("reads an empty Metall range as no readings", () => {
    expect(parseCbrMetals(fixtureText("cbr-xml_metall-empty.xml"))).toEqual({ fromDate: "2026-04-04", toDate: "2026-04-05", readings: [] });
  });

  it("reads every currency of XML_daily.asp with its Russian name, per-unit rates and the list's date", () => {
    const daily = parseCbrDaily(fixtureText("cbr-XML_daily.xml"));
    expect(daily.date).toBe("2026-04-08");
    expect(daily.currencies.map((currency) => currency.charCode)).toEqual(["AUD", "AMD", "USD", "EUR", "KZT", "CNY"]);
    expect(daily.currencies.find((currency) => currency.charCode === "USD")).toEqual({
      id: "R01235",
      numCode: "840",
      charCode: "USD",
      name: "Доллар США",
      nominal: 1,
      value: 79.11,
      unitRate: 79.11,
    });
    expect(daily.currencies.find((currency) => currency.charCode === "AMD")).toEqual({
      id: "R01060",
      numCode: "051",
      charCode: "AMD",
      name: "Армянских драмов",
      nominal: 100,
      value: 21.5637,
      unitRate: 0.215637,
    });
    expect(daily.currencies.find((currency) => currency.charCode === "CNY")?.name).toBe("Юань");
  });

  it("divides Value by Nominal when VunitRate is absent (older answers)", () => {
    const text = fixtureText("cbr-XML_daily.xml").replace(/<VunitRate>[^<]*<\/VunitRate>/g, "");
    const daily = parseCbrDaily(text);
    expect(daily.currencies.find((currency) => currency.charCode === "AMD")?.unitRate).toBe(0.215637);
    expect(daily.currencies.find((currency) => currency.charCode === "KZT")?.unitRate).toBe(0.15284);
    expect(daily.currencies.find((currency) => currency.charCode === "USD")?.unitRate).toBe(79.11);
  });

  it("reads XML_dynamic.asp for R01235, weekend-dated record included", () => {
    expect(parseCbrDollarDynamic(fixtureText("cbr-XML_dynamic.xml"))).toEqual({
      fromDate: "2026-04-01",
      toDate: "2026-04-07",
      readings: dollarRange,
    });
    expect(parseCbrDollarDynamic(fixtureText("cbr-XML_dynamic-empty.xml"))).toEqual({
      fromDate: "2026-04-04",
      toDate: "2026-04-05",
      readings: [],
    });
  });

  it("refuses a wrong root, another currency's dynamics, bad numbers and bad dates", () => {
    expect(() => parseCbrDaily(fixtureText("cbr-xml_metall.xml"))).toThrow(/<Metall> instead of <ValCurs>/);
    expect(() => parseCbrMetals(fixtureText("cbr-XML_daily.xml"))).toThrow(QuotesProviderError);
    expect(() => parseCbrMetals(fixtureText("cbr-antibot-403.html"))).toThrow(QuotesProviderError);
    expect(() => parseCbrDollarDynamic(fixtureText("cbr-XML_dynamic.xml").replaceAll("R01235", "R01239"))).toThrow(/R01239/);
    expect(() => parseCbrMetals(fixtureText("cbr-xml_metall.xml").replace("<Buy>11831,31</Buy>", "<Buy>н/д</Buy>"))).toThrow(/XAU_RUB Buy on 2026-04-01/);
    expect(() => parseCbrMetals(fixtureText("cbr-xml_metall.xml").replace('Date="02.04.2026"', 'Date="2026-04-02"'))).toThrow(QuotesProviderError);
    expect(() => parseCbrDaily(fixtureText("cbr-XML_daily.xml").replace("<Nominal>100</Nominal>", "<Nominal>0</Nominal>"))).toThrow(/Nominal/);
  });
});

describe("the provider against a fake cbr.ru", () => {
  let server: FakeServer;
  let host: string;
  const files: Record<string, string> = {
    "/scripts/xml_metall.asp": "cbr-xml_metall.xml",
    "/scripts/XML_daily.asp": "cbr-XML_daily.xml",
    "/scripts/XML_dynamic.asp": "cbr-XML_dynamic.xml",
  };
  const goodAnswers = (request: FakeRequest): FakeReply => {
    const file = files[request.path];
    return file ? { contentType: XML, body: fixtureBytes(file) } : { status: 404, contentType: "text/html", body: "<html>404</html>" };
  };
  /** Replaces the answers of one script (or of all), the others stay good. */
  const answer = (reply: FakeReply, onlyPath?: string) => {
    server.handler = (request) => (!onlyPath || request.path === onlyPath ? reply : goodAnswers(request));
  };

  beforeAll(async () => {
    server = await startFakeHttpServer(goodAnswers);
    host = new URL(server.baseUrl).host;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.handler = goodAnswers;
    server.requests.length = 0;
  });

  const provider = () => createCbrProvider({ baseUrl: server.baseUrl, timeoutMs: 400 });
  // 18:00 in Moscow on Tuesday 2026-04-07: the list for Wednesday is already published.
  const now = new Date("2026-04-07T15:00:00Z");

  it("is the Bank of Russia", () => {
    expect(provider()).toMatchObject({ id: "cbr", label: "Банк России" });
  });

  it("latest: the newest day's gold and silver of the last 14 days, and the dollar of the newest list keyed by its own date", async () => {
    expect(await provider().latest(now)).toEqual([
      { instrument: "XAU_RUB", value: 11958.6, tradingDate: "2026-04-07" },
      { instrument: "XAG_RUB", value: 187.93, tradingDate: "2026-04-07" },
      { instrument: "USD_RUB", value: 79.11, tradingDate: "2026-04-08" },
    ]);
    expect(server.requests.map((request) => [request.path, request.rawQuery])).toEqual([
      ["/scripts/xml_metall.asp", "date_req1=25/03/2026&date_req2=07/04/2026"],
      ["/scripts/XML_daily.asp", ""],
    ]);
    for (const request of server.requests) {
      expect(request.method).toBe("GET");
      expect(request.headers["user-agent"]).toMatch(/^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\) AppleWebKit\/537\.36 .*Chrome\/[\d.]+ Safari\/537\.36$/);
    }
  });

  it("latest: 'today' is the Moscow date (01:30 in Moscow is still the previous day in UTC)", async () => {
    await provider().latest(new Date("2026-04-06T22:30:00Z"));
    expect(server.requests[0]!.query.get("date_req1")).toBe("25/03/2026");
    expect(server.requests[0]!.query.get("date_req2")).toBe("07/04/2026");
  });

  it("latest: takes the newest day that has both metals", async () => {
    const text = fixtureText("cbr-xml_metall.xml").replace(/<Record Date="07\.04\.2026" Code="2">.*?<\/Record>/, "");
    answer({ contentType: XML, body: encode1251(text) }, "/scripts/xml_metall.asp");
    const readings = await provider().latest(now);
    expect(readings.slice(0, 2)).toEqual([
      { instrument: "XAU_RUB", value: 11876.05, tradingDate: "2026-04-04" },
      { instrument: "XAG_RUB", value: 185.4, tradingDate: "2026-04-04" },
    ]);
  });

  it("history: metals and the dollar over the range, in the request date form, oldest first", async () => {
    const readings = await provider().history("2026-04-01", "2026-04-07");
    const order = ["XAU_RUB", "XAG_RUB", "USD_RUB"];
    const expected = [...metalsRange, ...dollarRange].sort(
      (a, b) => a.tradingDate.localeCompare(b.tradingDate) || order.indexOf(a.instrument) - order.indexOf(b.instrument),
    );
    expect(readings).toEqual(expected);
    expect(readings).toHaveLength(15);
    expect(readings.slice(0, 3)).toEqual([
      { instrument: "XAU_RUB", value: 11831.31, tradingDate: "2026-04-01" },
      { instrument: "XAG_RUB", value: 184.82, tradingDate: "2026-04-01" },
      { instrument: "USD_RUB", value: 78.1727, tradingDate: "2026-04-01" },
    ]);
    expect(server.requests.map((request) => [request.path, request.rawQuery])).toEqual([
      ["/scripts/xml_metall.asp", "date_req1=01/04/2026&date_req2=07/04/2026"],
      ["/scripts/XML_dynamic.asp", "date_req1=01/04/2026&date_req2=07/04/2026&VAL_NM_RQ=R01235"],
    ]);
  });

  it("history: keeps only the requested days of a wider answer", async () => {
    const readings = await provider().history("2026-04-02", "2026-04-03");
    expect(readings.map((reading) => `${reading.tradingDate} ${reading.instrument}`)).toEqual([
      "2026-04-02 XAU_RUB",
      "2026-04-02 XAG_RUB",
      "2026-04-02 USD_RUB",
      "2026-04-03 XAU_RUB",
      "2026-04-03 XAG_RUB",
      "2026-04-03 USD_RUB",
    ]);
  });

  it("history: an empty range (roots without records) is no readings, not an error", async () => {
    server.handler = (request) =>
      request.path === "/scripts/xml_metall.asp"
        ? { contentType: XML, body: fixtureBytes("cbr-xml_metall-empty.xml") }
        : { contentType: XML, body: fixtureBytes("cbr-XML_dynamic-empty.xml") };
    expect(await provider().history("2026-04-04", "2026-04-05")).toEqual([]);
  });

  it("history: refuses a range that ends before it starts or has a bad date, without asking", async () => {
    await expect(provider().history("2026-04-07", "2026-04-01")).rejects.toThrow(QuotesProviderError);
    await expect(provider().history("2026-04-01", "7.4.2026")).rejects.toThrow(QuotesProviderError);
    expect(server.requests).toEqual([]);
  });

  it("latest: no metal prices at all (an empty range) is a QuotesProviderError", async () => {
    answer({ contentType: XML, body: fixtureBytes("cbr-xml_metall-empty.xml") }, "/scripts/xml_metall.asp");
    await expect(provider().latest(now)).rejects.toThrow(/no gold and silver prices published between 2026-03-25 and 2026-04-07/);
  });

  it("latest: a list without the dollar is a QuotesProviderError", async () => {
    const text = fixtureText("cbr-XML_daily.xml").replace(/<Valute ID="R01235">.*?<\/Valute>/, "");
    answer({ contentType: XML, body: encode1251(text) }, "/scripts/XML_daily.asp");
    await expect(provider().latest(now)).rejects.toThrow(/no US dollar rate in the list of 2026-04-08/);
  });

  it("honours a UTF-8 answer when the Content-Type says so", async () => {
    const utf8 = fixtureText("cbr-XML_daily.xml").replace('encoding="windows-1251"', 'encoding="utf-8"');
    answer({ contentType: "application/xml; charset=utf-8", body: new TextEncoder().encode(utf8) }, "/scripts/XML_daily.asp");
    expect((await provider().latest(now))[2]).toEqual({ instrument: "USD_RUB", value: 79.11, tradingDate: "2026-04-08" });
  });

  const faults: [string, FakeReply, RegExp][] = [
    ["a response slower than the timeout", { contentType: XML, body: fixtureBytes("cbr-XML_daily.xml"), delayMs: 3_000 }, /timed out after 400 ms/],
    [
      "a body that stalls halfway past the timeout",
      { fault: "stall-body", contentType: XML, body: fixtureBytes("cbr-XML_daily.xml") },
      /timed out after 400 ms/,
    ],
    ["HTTP 500", { status: 500, contentType: "text/plain", body: "Internal Server Error" }, /HTTP 500/],
    ["HTTP 404", { status: 404, contentType: "text/html", body: "<html>Not found</html>" }, /HTTP 404/],
    [
      "the anti-bot filter's 403 HTML page",
      { status: 403, contentType: "text/html; charset=windows-1251", body: fixtureBytes("cbr-antibot-403.html") },
      /HTTP 403 with an HTML page: the site's anti-bot filter \(DDoS-Guard\)/,
    ],
    ["a 200 HTML page", { contentType: "text/html; charset=windows-1251", body: fixtureBytes("cbr-antibot-403.html") }, /HTML page/],
    ["a 200 HTML page labelled as XML", { contentType: XML, body: fixtureBytes("cbr-antibot-403.html") }, /not XML/],
    ["garbage bytes", { contentType: XML, body: new Uint8Array([0x00, 0xff, 0x3c, 0x3c, 0x9a, 0x10, 0x3e]) }, /not XML/],
    ["an empty body", { contentType: XML, body: "" }, /not XML \(The document has no root element\)/],
    ["a well-formed document with the wrong root", { contentType: XML, body: '<?xml version="1.0"?><Error code="1"/>' }, /answered <Error> instead of/],
    [
      "a complete response with half a document",
      { contentType: XML, body: cutAfter(fixtureBytes("cbr-XML_daily.xml"), "</Valute>") },
      /not XML \(The document ends inside <ValCurs>\)/,
    ],
    ["a complete response cut inside a tag", { contentType: XML, body: fixtureBytes("cbr-XML_daily.xml").subarray(0, 600) }, /not XML \(Malformed markup/],
    [
      "a connection dropped halfway through the body",
      { fault: "truncated", contentType: XML, body: fixtureBytes("cbr-XML_daily.xml") },
      /Reading the answer of .* failed/,
    ],
    ["a connection reset before any answer", { fault: "reset" }, /failed/],
  ];

  describe.each(faults)("%s", (_, reply, message) => {
    it("fails latest() with a QuotesProviderError naming the host and path", async () => {
      answer(reply, "/scripts/XML_daily.asp");
      const error = await provider()
        .latest(now)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(QuotesProviderError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain(`Bank of Russia: `);
      expect((error as Error).message).toContain(`${host}/scripts/XML_daily.asp`);
    });

    it("fails history() with a QuotesProviderError, whichever request meets it", async () => {
      answer(reply, "/scripts/xml_metall.asp");
      await expect(provider().history("2026-04-01", "2026-04-07")).rejects.toThrow(QuotesProviderError);
      answer(reply, "/scripts/XML_dynamic.asp");
      const error = await provider()
        .history("2026-04-01", "2026-04-07")
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(QuotesProviderError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain(`${host}/scripts/XML_dynamic.asp`);
    });
  });

  it("fails cleanly when nothing listens at all", async () => {
    const closed = await startFakeHttpServer(goodAnswers);
    const baseUrl = closed.baseUrl;
    await closed.close();
    await expect(createCbrProvider({ baseUrl, timeoutMs: 2_000 }).latest(now)).rejects.toThrow(/ECONNREFUSED/);
  });
});

/** The bytes up to and including the first `marker`. */
function cutAfter(bytes: Buffer, marker: string): Buffer {
  return bytes.subarray(0, bytes.indexOf(marker) + marker.length);
}

/** Text → windows-1251 bytes (the Cyrillic letters, Ё/ё and ASCII are all these answers use). */
function encode1251(text: string): Uint8Array {
  return new Uint8Array(
    [...text].map((char) => {
      const code = char.codePointAt(0)!;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (code === 0x401) return 0xa8;
      if (code === 0x451) return 0xb8;
      throw new Error(`no windows-1251 byte for ${char}`);
    }),
  );
}
