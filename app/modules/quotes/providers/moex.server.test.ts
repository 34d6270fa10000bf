import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeReply, type FakeRequest, type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { createCbrProvider } from "./cbr.server.ts";
import {
  MOEX_MARKETDATA_COLUMNS,
  MOEX_SECURITIES_COLUMNS,
  createMoexProvider,
  moexPrice,
  parseMoexHistory,
  parseMoexMarket,
  readIssBlock,
} from "./moex.server.ts";
import { type ProviderReading, type QuotesProvider, QuotesProviderError } from "./provider.ts";

const fixturePath = (name: string) => new URL(`../../../../tests/fixtures/quotes/${name}`, import.meta.url);
const fixtureBytes = (name: string) => readFileSync(fixturePath(name));
const fixtureJson = (name: string) => JSON.parse(readFileSync(fixturePath(name), "utf8")) as IssJson;
type IssJson = Record<string, { columns: string[]; data: unknown[][] }>;
const JSON_TYPE = "application/json; charset=utf-8";

const MARKET = "/iss/engines/currency/markets/selt/boards/CETS/securities.json";
const HISTORY = "/iss/history/engines/currency/markets/selt/boards/CETS/securities/";

/** Sets one cell of a block by column name, to make variants of a fixture. */
function setCell(json: IssJson, block: string, secid: string, column: string, value: unknown): IssJson {
  const { columns, data } = json[block]!;
  const row = data.find((candidate) => candidate[columns.indexOf("SECID")] === secid)!;
  row[columns.indexOf(column)] = value;
  return json;
}

/** A stand-in for the Bank of Russia that records its calls. */
function fallbackStub(answers: { latest?: ProviderReading[] | Error; history?: ProviderReading[] | Error }) {
  const calls: string[] = [];
  const provider: QuotesProvider = {
    id: "cbr",
    label: "Банк России",
    async latest(now) {
      calls.push(`latest ${now.toISOString()}`);
      if (answers.latest instanceof Error) throw answers.latest;
      return answers.latest ?? [];
    },
    async history(from, to) {
      calls.push(`history ${from} ${to}`);
      if (answers.history instanceof Error) throw answers.history;
      return answers.history ?? [];
    },
  };
  return { provider, calls };
}

const cbrLatest: ProviderReading[] = [
  { instrument: "XAU_RUB", value: 11958.6, tradingDate: "2026-04-07" },
  { instrument: "XAG_RUB", value: 187.93, tradingDate: "2026-04-07" },
  { instrument: "USD_RUB", value: 79.11, tradingDate: "2026-04-08" },
];
const cbrDollarHistory: ProviderReading[] = [
  { instrument: "USD_RUB", value: 78.9034, tradingDate: "2026-01-13" },
  { instrument: "XAU_RUB", value: 1, tradingDate: "2026-01-13" }, // the fallback's metals are not taken
  { instrument: "USD_RUB", value: 79.0215, tradingDate: "2026-06-10" },
];

describe("parsing ISS answers", () => {
  it("maps every block by column name, whatever the order of the columns", () => {
    const json = { marketdata: { columns: ["LAST", "SECID", "BOARDID"], data: [[10.5, "GLDRUB_TOM", "CETS"]] } };
    expect(readIssBlock(json, "marketdata")).toEqual([{ LAST: 10.5, SECID: "GLDRUB_TOM", BOARDID: "CETS" }]);
    const reordered = { ...fixtureJson("moex-securities.json") };
    const { columns, data } = reordered.marketdata!;
    const order = columns.map((_, index) => index).reverse();
    reordered.marketdata = { columns: order.map((index) => columns[index]!), data: data.map((row) => order.map((index) => row[index])) };
    expect(parseMoexMarket(reordered)).toEqual(parseMoexMarket(fixtureJson("moex-securities.json")));
  });

  it("reads the securities and marketdata fixture with LAST present", () => {
    const quotes = parseMoexMarket(fixtureJson("moex-securities.json"));
    expect([...quotes.values()]).toEqual([
      { secid: "USD000UTSTOM", last: 79.205, marketPrice: 79.19, waPrice: 79.1876, prevPrice: 78.9, systemDate: "2026-04-07" },
      { secid: "GLDRUB_TOM", last: 11962.5, marketPrice: 11958.1, waPrice: 11955.37, prevPrice: 11880.2, systemDate: "2026-04-07" },
      { secid: "SLVRUB_TOM", last: 188.12, marketPrice: 187.95, waPrice: 187.9, prevPrice: 186.4, systemDate: "2026-04-07" },
    ]);
  });

  it("falls back LAST → MARKETPRICE → WAPRICE → PREVPRICE", () => {
    const quotes = parseMoexMarket(fixtureJson("moex-securities-usd-null.json"));
    expect(moexPrice(quotes.get("GLDRUB_TOM")!)).toBe(11950);
    expect(moexPrice(quotes.get("SLVRUB_TOM")!)).toBe(187.77);
    expect(quotes.get("USD000UTSTOM")).toEqual({
      secid: "USD000UTSTOM",
      last: null,
      marketPrice: null,
      waPrice: null,
      prevPrice: 89.0935,
      systemDate: "2026-04-07",
    });
    expect(moexPrice(quotes.get("USD000UTSTOM")!)).toBe(89.0935);
    expect(moexPrice(quotes.get("USD000UTSTOM")!, false)).toBeNull();
  });

  it("ignores rows of other boards", () => {
    const json = setCell(fixtureJson("moex-securities.json"), "marketdata", "GLDRUB_TOM", "BOARDID", "CNGD");
    expect(parseMoexMarket(json).has("GLDRUB_TOM")).toBe(false);
  });

  it("reads a history page: CLOSE, else WAPRICE, days with neither left out, and the cursor", () => {
    const first = parseMoexHistory(fixtureJson("moex-history-GLDRUB_TOM-0.json"));
    expect(first.cursor).toEqual({ index: 0, total: 104, pageSize: 100 });
    expect(first.days).toHaveLength(100);
    expect(first.days[0]).toEqual({ secid: "GLDRUB_TOM", tradeDate: "2026-01-12", value: 10500 });
    expect(first.days[5]).toEqual({ secid: "GLDRUB_TOM", tradeDate: "2026-01-19", value: 10581.23 }); // CLOSE null → WAPRICE
    expect(first.days[99]).toEqual({ secid: "GLDRUB_TOM", tradeDate: "2026-06-04", value: 11737 });
    const second = parseMoexHistory(fixtureJson("moex-history-GLDRUB_TOM-100.json"));
    expect(second.cursor).toEqual({ index: 100, total: 104, pageSize: 100 });
    expect(second.days).toEqual([
      { secid: "GLDRUB_TOM", tradeDate: "2026-06-05", value: 11753.49 },
      { secid: "GLDRUB_TOM", tradeDate: "2026-06-08", value: 11769.99 },
      // 2026-06-09 had no trades.
      { secid: "GLDRUB_TOM", tradeDate: "2026-06-10", value: 11778.23 },
    ]);
    const { cursor } = parseMoexHistory({ history: fixtureJson("moex-history-GLDRUB_TOM-0.json").history });
    expect(cursor).toBeUndefined();
  });

  it.each([
    ["no marketdata block", { securities: { columns: ["SECID"], data: [] } }],
    ["a block without columns", { securities: { data: [] }, marketdata: { columns: [], data: [] } }],
    [
      "a row shorter than its columns",
      { securities: { columns: ["SECID", "BOARDID"], data: [] }, marketdata: { columns: ["SECID", "BOARDID", "LAST"], data: [["GLDRUB_TOM", "CETS"]] } },
    ],
    ["a price that is a string", setCell(fixtureJson("moex-securities.json"), "marketdata", "GLDRUB_TOM", "LAST", "11962,5")],
    ["a SYSTIME in another form", setCell(fixtureJson("moex-securities.json"), "marketdata", "GLDRUB_TOM", "SYSTIME", "07.04.2026 14:46")],
    ["not an object", [1, 2, 3]],
    ["null", null],
  ])("refuses %s", (_, json) => {
    expect(() => parseMoexMarket(json)).toThrow(QuotesProviderError);
  });

  it("names the bad field of a refused answer", () => {
    expect(() => parseMoexMarket(setCell(fixtureJson("moex-securities.json"), "marketdata", "GLDRUB_TOM", "LAST", "11962,5"))).toThrow(
      /^Moscow Exchange: marketdata of GLDRUB_TOM: LAST: /,
    );
    expect(() => parseMoexMarket(setCell(fixtureJson("moex-securities.json"), "securities", "SLVRUB_TOM", "PREVPRICE", true))).toThrow(
      /^Moscow Exchange: securities of SLVRUB_TOM: PREVPRICE: /,
    );
    expect(() => parseMoexMarket({ securities: { columns: ["SECID"], data: {} }, marketdata: { columns: [], data: [] } })).toThrow(
      /^Moscow Exchange: the "securities" block: data: /,
    );
    expect(() => parseMoexHistory(setCell(fixtureJson("moex-history-GLDRUB_TOM-100.json"), "history", "GLDRUB_TOM", "TRADEDATE", "05.06.2026"))).toThrow(
      /history of GLDRUB_TOM on 05\.06\.2026: TRADEDATE: /,
    );
  });

  it("refuses a malformed history page", () => {
    expect(() => parseMoexHistory(setCell(fixtureJson("moex-history-GLDRUB_TOM-100.json"), "history", "GLDRUB_TOM", "TRADEDATE", "05.06.2026"))).toThrow(
      QuotesProviderError,
    );
    const badCursor = fixtureJson("moex-history-GLDRUB_TOM-100.json");
    badCursor["history.cursor"]!.data = [[100, null, 100]];
    expect(() => parseMoexHistory(badCursor)).toThrow(/history.cursor/);
  });
});

describe("the provider against a fake iss.moex.com", () => {
  let server: FakeServer;
  let host: string;
  let marketFixture: string;
  const goodAnswers = (request: FakeRequest): FakeReply => {
    if (request.path === MARKET) return { contentType: JSON_TYPE, body: fixtureBytes(marketFixture) };
    const history = new RegExp(`^${HISTORY}(GLDRUB_TOM|SLVRUB_TOM)\\.json$`).exec(request.path);
    if (history) return { contentType: JSON_TYPE, body: fixtureBytes(`moex-history-${history[1]}-${request.query.get("start")}.json`) };
    // The Bank of Russia on the same fake host, for the fallback.
    if (request.path === "/scripts/xml_metall.asp") return { contentType: "application/xml", body: fixtureBytes("cbr-xml_metall.xml") };
    if (request.path === "/scripts/XML_daily.asp") return { contentType: "application/xml", body: fixtureBytes("cbr-XML_daily.xml") };
    return { status: 404, contentType: "text/html", body: "<html>404</html>" };
  };
  const answerJson = (json: unknown, onlyPath = MARKET) => {
    server.handler = (request) => (request.path === onlyPath ? { contentType: JSON_TYPE, body: JSON.stringify(json) } : goodAnswers(request));
  };

  beforeAll(async () => {
    server = await startFakeHttpServer(goodAnswers);
    host = new URL(server.baseUrl).host;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    marketFixture = "moex-securities.json";
    server.handler = goodAnswers;
    server.requests.length = 0;
  });

  const now = new Date("2026-04-07T11:50:00Z");
  const provider = (usdFallback: QuotesProvider = fallbackStub({ latest: cbrLatest }).provider) =>
    createMoexProvider({ baseUrl: server.baseUrl, timeoutMs: 400, usdFallback });

  it("is the Moscow Exchange", () => {
    expect(provider()).toMatchObject({ id: "moex", label: "Московская биржа" });
  });

  it("latest: LAST of the three securities, dated by SYSTIME, with the documented query", async () => {
    const fallback = fallbackStub({ latest: cbrLatest });
    expect(await provider(fallback.provider).latest(now)).toEqual([
      { instrument: "XAU_RUB", value: 11962.5, tradingDate: "2026-04-07" },
      { instrument: "XAG_RUB", value: 188.12, tradingDate: "2026-04-07" },
      { instrument: "USD_RUB", value: 79.205, tradingDate: "2026-04-07" },
    ]);
    expect(fallback.calls).toEqual([]);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.path).toBe(MARKET);
    expect(Object.fromEntries(request!.query)).toEqual({
      "iss.meta": "off",
      "iss.only": "securities,marketdata",
      securities: "GLDRUB_TOM,SLVRUB_TOM,USD000UTSTOM",
      "securities.columns": MOEX_SECURITIES_COLUMNS.join(","),
      "marketdata.columns": MOEX_MARKETDATA_COLUMNS.join(","),
    });
    expect(request!.rawQuery).toContain("iss.meta=off&iss.only=securities,marketdata&securities=GLDRUB_TOM,SLVRUB_TOM,USD000UTSTOM");
    for (const column of ["SECID", "BOARDID", "PREVPRICE"]) expect(MOEX_SECURITIES_COLUMNS).toContain(column);
    for (const column of ["SECID", "BOARDID", "LAST", "MARKETPRICE", "WAPRICE", "SYSTIME"]) expect(MOEX_MARKETDATA_COLUMNS).toContain(column);
    expect(request!.headers["user-agent"]).toMatch(/^Mozilla\/5\.0 /);
  });

  it("latest: with the dollar suspended (LAST null), the dollar comes from the fallback, not the stale PREVPRICE", async () => {
    marketFixture = "moex-securities-usd-null.json";
    const fallback = fallbackStub({ latest: cbrLatest });
    expect(await provider(fallback.provider).latest(now)).toEqual([
      { instrument: "XAU_RUB", value: 11950, tradingDate: "2026-04-07" }, // MARKETPRICE
      { instrument: "XAG_RUB", value: 187.77, tradingDate: "2026-04-07" }, // WAPRICE
      { instrument: "USD_RUB", value: 79.11, tradingDate: "2026-04-08" }, // the fallback's, with its date
    ]);
    expect(fallback.calls).toEqual([`latest ${now.toISOString()}`]);
  });

  it("latest: the real Bank of Russia provider works as the fallback", async () => {
    marketFixture = "moex-securities-usd-null.json";
    const readings = await provider(createCbrProvider({ baseUrl: server.baseUrl, timeoutMs: 400 })).latest(now);
    expect(readings[2]).toEqual({ instrument: "USD_RUB", value: 79.11, tradingDate: "2026-04-08" });
    expect(server.requests.map((request) => request.path)).toEqual([MARKET, "/scripts/xml_metall.asp", "/scripts/XML_daily.asp"]);
  });

  it("latest: a metal before the session takes the previous day's PREVPRICE", async () => {
    const json = fixtureJson("moex-securities-usd-null.json");
    setCell(json, "marketdata", "GLDRUB_TOM", "MARKETPRICE", null);
    answerJson(json);
    expect((await provider().latest(now))[0]).toEqual({ instrument: "XAU_RUB", value: 11880.2, tradingDate: "2026-04-07" });
  });

  it("latest: without SYSTIME the date is today in Moscow", async () => {
    const json = fixtureJson("moex-securities.json");
    const { columns, data } = json.marketdata!;
    const at = columns.indexOf("SYSTIME");
    json.marketdata = { columns: columns.filter((_, index) => index !== at), data: data.map((row) => row.filter((_, index) => index !== at)) };
    answerJson(json);
    const readings = await provider().latest(new Date("2026-04-06T22:30:00Z")); // 01:30 on 7 April in Moscow
    expect(readings.map((reading) => reading.tradingDate)).toEqual(["2026-04-07", "2026-04-07", "2026-04-07"]);
  });

  it("latest: a missing instrument, or one only on another board, is a QuotesProviderError", async () => {
    const missing = fixtureJson("moex-securities.json");
    missing.marketdata!.data = missing.marketdata!.data.filter((row) => row[0] !== "SLVRUB_TOM");
    answerJson(missing);
    await expect(provider().latest(now)).rejects.toThrow(/no SLVRUB_TOM on board CETS/);
    answerJson(setCell(fixtureJson("moex-securities.json"), "marketdata", "GLDRUB_TOM", "BOARDID", "CNGD"));
    await expect(provider().latest(now)).rejects.toThrow(/no GLDRUB_TOM on board CETS/);
    // The dollar too: a missing row is a broken answer, not a suspended dollar.
    const noDollar = fixtureJson("moex-securities.json");
    noDollar.marketdata!.data = noDollar.marketdata!.data.filter((row) => row[0] !== "USD000UTSTOM");
    answerJson(noDollar);
    await expect(provider().latest(now)).rejects.toThrow(/no USD000UTSTOM/);
  });

  it("latest: a metal without any price is a QuotesProviderError", async () => {
    const json = fixtureJson("moex-securities-usd-null.json");
    setCell(json, "marketdata", "SLVRUB_TOM", "WAPRICE", null);
    setCell(json, "securities", "SLVRUB_TOM", "PREVPRICE", null);
    answerJson(json);
    await expect(provider().latest(now)).rejects.toThrow(/SLVRUB_TOM has no price/);
  });

  it("latest: a failing fallback is a QuotesProviderError, whatever it throws", async () => {
    marketFixture = "moex-securities-usd-null.json";
    const cbrDown = new QuotesProviderError("Bank of Russia: www.cbr.ru/scripts/XML_daily.asp answered HTTP 500");
    await expect(provider(fallbackStub({ latest: cbrDown }).provider).latest(now)).rejects.toBe(cbrDown);
    await expect(provider(fallbackStub({ latest: new TypeError("boom") }).provider).latest(now)).rejects.toThrow(/the dollar fallback \(cbr\) failed: boom/);
    await expect(provider(fallbackStub({ latest: cbrLatest.slice(0, 2) }).provider).latest(now)).rejects.toThrow(/gave no USD_RUB/);
  });

  it("history: pages each metal with the cursor, CLOSE else WAPRICE, and the dollar from the fallback", async () => {
    const fallback = fallbackStub({ history: cbrDollarHistory });
    const readings = await provider(fallback.provider).history("2026-01-12", "2026-06-10");
    expect(server.requests.map((request) => [request.path, Object.fromEntries(request.query)])).toEqual(
      ["GLDRUB_TOM", "SLVRUB_TOM"].flatMap((secid) =>
        ["0", "100"].map((start) => [`${HISTORY}${secid}.json`, { "iss.meta": "off", from: "2026-01-12", till: "2026-06-10", start }]),
      ),
    );
    expect(fallback.calls).toEqual(["history 2026-01-12 2026-06-10"]);
    const gold = readings.filter((reading) => reading.instrument === "XAU_RUB");
    const silver = readings.filter((reading) => reading.instrument === "XAG_RUB");
    const dollar = readings.filter((reading) => reading.instrument === "USD_RUB");
    expect(gold).toHaveLength(103);
    expect(silver).toHaveLength(103);
    expect(dollar).toEqual([cbrDollarHistory[0], cbrDollarHistory[2]]);
    expect(readings).toHaveLength(208);
    expect(readings.slice(0, 3)).toEqual([
      { instrument: "XAU_RUB", value: 10500, tradingDate: "2026-01-12" },
      { instrument: "XAG_RUB", value: 150, tradingDate: "2026-01-12" },
      { instrument: "XAU_RUB", value: 10516.49, tradingDate: "2026-01-13" },
    ]);
    expect(readings.filter((reading) => reading.tradingDate === "2026-01-19")).toEqual([
      { instrument: "XAU_RUB", value: 10581.23, tradingDate: "2026-01-19" },
      { instrument: "XAG_RUB", value: 152.43, tradingDate: "2026-01-19" },
    ]);
    expect(readings.filter((reading) => reading.tradingDate >= "2026-06-04")).toEqual([
      { instrument: "XAU_RUB", value: 11737, tradingDate: "2026-06-04" },
      { instrument: "XAG_RUB", value: 187, tradingDate: "2026-06-04" },
      { instrument: "XAU_RUB", value: 11753.49, tradingDate: "2026-06-05" },
      { instrument: "XAG_RUB", value: 187.49, tradingDate: "2026-06-05" },
      { instrument: "XAU_RUB", value: 11769.99, tradingDate: "2026-06-08" },
      { instrument: "XAG_RUB", value: 187.99, tradingDate: "2026-06-08" },
      { instrument: "XAU_RUB", value: 11778.23, tradingDate: "2026-06-10" },
      { instrument: "XAG_RUB", value: 188.23, tradingDate: "2026-06-10" },
      { instrument: "USD_RUB", value: 79.0215, tradingDate: "2026-06-10" },
    ]);
    // Oldest first, no day twice.
    const keys = readings.map((reading) => `${reading.tradingDate} ${reading.instrument}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([...keys].sort((a, b) => a.slice(0, 10).localeCompare(b.slice(0, 10))));
  });

  it("history: one request when the answer has no cursor, and rows outside the range are dropped", async () => {
    const page = fixtureJson("moex-history-GLDRUB_TOM-100.json");
    delete page["history.cursor"];
    server.handler = (request) => (request.path.startsWith(HISTORY) ? { contentType: JSON_TYPE, body: JSON.stringify(page) } : goodAnswers(request));
    const readings = await provider(fallbackStub({}).provider).history("2026-06-06", "2026-06-30");
    expect(readings).toEqual([
      { instrument: "XAU_RUB", value: 11769.99, tradingDate: "2026-06-08" },
      { instrument: "XAU_RUB", value: 11778.23, tradingDate: "2026-06-10" },
    ]);
    expect(server.requests.map((request) => request.query.get("start"))).toEqual(["0", "0"]);
  });

  it("history: a cursor that does not advance is a QuotesProviderError, not an endless loop", async () => {
    server.handler = (request) =>
      request.path.startsWith(HISTORY) ? { contentType: JSON_TYPE, body: fixtureBytes("moex-history-GLDRUB_TOM-0.json") } : goodAnswers(request);
    await expect(provider().history("2026-01-12", "2026-06-10")).rejects.toThrow(/cursor of GLDRUB_TOM does not advance/);
    expect(server.requests).toHaveLength(2);
  });

  it("history: refuses a bad range without asking", async () => {
    await expect(provider().history("2026-06-10", "2026-01-12")).rejects.toThrow(QuotesProviderError);
    await expect(provider().history("2026-01-12", "10.06.2026")).rejects.toThrow(QuotesProviderError);
    expect(server.requests).toEqual([]);
  });

  it("history: a failing dollar fallback fails the history", async () => {
    await expect(provider(fallbackStub({ history: new QuotesProviderError("cbr down") }).provider).history("2026-01-12", "2026-06-10")).rejects.toThrow(
      "cbr down",
    );
  });

  const faults: [string, FakeReply, RegExp][] = [
    ["a response slower than the timeout", { contentType: JSON_TYPE, body: fixtureBytes("moex-securities.json"), delayMs: 3_000 }, /timed out after 400 ms/],
    [
      "a body that stalls past the timeout",
      { fault: "stall-body", contentType: JSON_TYPE, body: fixtureBytes("moex-securities.json") },
      /timed out after 400 ms/,
    ],
    ["HTTP 500", { status: 500, contentType: "text/plain", body: "Internal Server Error" }, /answered HTTP 500/],
    ["HTTP 403 HTML", { status: 403, contentType: "text/html", body: "<html><body>Forbidden</body></html>" }, /answered HTTP 403/],
    ["HTTP 429", { status: 429, contentType: "text/plain", body: "Too Many Requests" }, /answered HTTP 429/],
    ["a 200 HTML page", { contentType: "text/html; charset=utf-8", body: "<html><body>maintenance</body></html>" }, /HTML page/],
    ["malformed JSON", { contentType: JSON_TYPE, body: '{"securities": {"columns": ["SECID"], "data": [[' }, /malformed JSON/],
    ["an empty body", { contentType: JSON_TYPE, body: "" }, /malformed JSON/],
    ["garbage bytes", { contentType: JSON_TYPE, body: new Uint8Array([0x00, 0xff, 0x7b, 0x9a]) }, /malformed JSON/],
    ["JSON of another shape", { contentType: JSON_TYPE, body: '{"error": "unknown"}' }, /has no "(securities|history)" block/],
    [
      "a connection dropped halfway through the body",
      { fault: "truncated", contentType: JSON_TYPE, body: fixtureBytes("moex-securities.json") },
      /Reading the answer of .* failed/,
    ],
    ["a connection reset before any answer", { fault: "reset" }, /failed/],
  ];

  describe.each(faults)("%s", (_, reply, message) => {
    it("fails latest() with a QuotesProviderError naming the host and path", async () => {
      server.handler = () => reply;
      const error = await provider()
        .latest(now)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(QuotesProviderError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain("Moscow Exchange: ");
      expect((error as Error).message).toContain(`${host}${MARKET}`);
    });

    it("fails history() with a QuotesProviderError when the second page meets it", async () => {
      server.handler = (request) => (request.query.get("start") === "100" ? reply : goodAnswers(request));
      const error = await provider()
        .history("2026-01-12", "2026-06-10")
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(QuotesProviderError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain(`${host}${HISTORY}GLDRUB_TOM.json`);
    });
  });
});
