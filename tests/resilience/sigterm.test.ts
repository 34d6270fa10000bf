// SIGTERM under load: an operator restarts the shop while buyers browse and fill
// carts and slow pages are still streaming. Every request the shop has accepted finishes
// with its normal answer (streamed pages complete), new connections are refused at once,
// and the process exits 0 before SHUTDOWN_TIMEOUT_MS; a connection that never finishes its
// request cannot hold the stop longer than that.
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { browserUserAgent } from "#tests/support/http-client.ts";
import { connectionRefused, waitFor } from "#tests/support/network.ts";
import { type ProxiedShop, startShopBehindProxy } from "#tests/support/proxied-shop.ts";
import { postgresForSuite, startShop } from "#tests/support/server.ts";
import { describeOutcomes, type Outcome, type PlannedRequest, startLoad } from "./support/load.ts";

const postgres = await postgresForSuite();

const stocked = demoCatalog.flatMap((coin, index) => (coin.stock >= 5 ? [{ id: index + 1, slug: coin.slug }] : []));
const readPaths = ["/", "/catalog", "/about", `/products/${stocked[1]!.slug}`, "/api/courses", "/api/cart", "/catalog/silver/rf"];

/** A product page read as a phone reads it: the shell first, the streamed part later. */
function streamPage(baseUrl: string, path: string) {
  let body = "";
  let status = 0;
  let resolveShell: () => void;
  const shell = new Promise<void>((resolve) => (resolveShell = resolve));
  const done = new Promise<{ status: number; body: string; error?: string }>((resolve) => {
    // A returning visitor (a cookie): the page streams. A first visit's page is rendered whole to be shared (decision 025).
    const request = http.get(
      baseUrl + path,
      { agent: false, headers: { "User-Agent": browserUserAgent, Accept: "text/html", Cookie: `uuid=${randomUUID()}` } },
      (response) => {
        status = response.statusCode ?? 0;
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
          resolveShell();
        });
        response.on("end", () => resolve({ status, body }));
        response.on("error", (error: NodeJS.ErrnoException) => resolve({ status, body, error: error.code ?? error.message }));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ status, body, error: error.code ?? error.message }));
  });
  return { shell, done, bodySoFar: () => body };
}

const succeeded = (outcome: Outcome) => outcome.status === (outcome.method === "POST" ? 303 : 200) && !outcome.error;

describe.skipIf(!postgres.available)(`SIGTERM under load${postgres.skipReason}`, () => {
  let running: ProxiedShop | undefined;
  afterAll(async () => {
    await running?.stop();
  });

  it("finishes every accepted request, slow streamed pages included, refuses new ones, and exits 0 in time", async () => {
    const shutdownTimeoutMs = 20_000;
    running = await startShopBehindProxy(postgres.adminUrl, { SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) });
    const { shop, proxy } = running;
    const cartVisitor = randomUUID();
    const load = startLoad(
      shop.url,
      [
        ...[0, 1, 2].map((worker) => (n: number): PlannedRequest => ({
          method: "GET",
          path: readPaths[(n + worker) % readPaths.length]!,
          headers: { Cookie: `uuid=${randomUUID()}` },
        })),
        (n: number): PlannedRequest | undefined =>
          n < stocked.length
            ? {
                method: "POST",
                path: "/cart",
                headers: { Cookie: `uuid=${cartVisitor}` },
                form: { intent: "add", productId: String(stocked[n]!.id), quantity: "1" },
                tag: String(stocked[n]!.id),
              }
            : undefined,
      ],
      { timeoutMs: 30_000, pauseMs: 5 },
    );
    let signalledAt = 0;
    let thawedAt = 0;
    try {
      await load.until((all) => all.filter(succeeded).length >= 30, 30_000, "the load is served");

      // A slow query: the related coins (ordered by closeness in weight, the only query with
      // abs()) are held, so product pages send their shell and are certainly mid-stream.
      proxy.holdQueries("abs(");
      const pages = stocked.slice(2, 6).map((coin) => streamPage(shop.url, `/products/${coin.slug}`));
      await Promise.all(pages.map((page) => page.shell));
      for (const page of pages) expect(page.bodySoFar(), "the shell came before the related coins").not.toContain("</html>");
      // Then the whole database hangs, so load requests are under way at the signal too.
      proxy.freeze();
      // Signal only once a load request is certainly held (a worker may be pausing or on a page served from memory).
      await waitFor(
        async () => load.pendingSince().filter((sentAt) => Date.now() - sentAt > 300).length,
        (held) => held > 0,
        10_000,
        "a load request is held by the frozen database",
      );
      signalledAt = Date.now();
      shop.kill("SIGTERM");

      // Refused as soon as the signal is handled (polled: a busy machine may deliver it late).
      await waitFor(() => connectionRefused(shop.url), Boolean, 5_000, "new connections are refused after the signal");
      expect(shop.isRunning(), "the process waits for the requests under way").toBe(true);
      for (const page of pages) expect(page.bodySoFar(), "still streaming at the signal").not.toContain("</html>");

      proxy.thaw();
      thawedAt = Date.now();
      const answers = await Promise.all(pages.map((page) => page.done));
      for (const answer of answers) {
        expect(answer.error).toBeUndefined();
        expect(answer.status).toBe(200);
        // The streamed part arrived whole: the related coins, then the end of the document.
        expect(answer.body).toMatch(/<div hidden id="S:\d+">[\s\S]*href="\/products\//);
        expect(answer.body).not.toContain("Не удалось загрузить похожие монеты");
        expect(answer.body.trimEnd()).toMatch(/<\/html>$/);
      }

      const code = await shop.exited;
      expect(code).toBe(0);
      expect(Date.now() - signalledAt, "exit within SHUTDOWN_TIMEOUT_MS").toBeLessThan(shutdownTimeoutMs);
    } finally {
      proxy.thaw();
      await load.stop();
    }

    const outcomes = load.outcomes;
    // Accepted requests got their whole normal answer; the rest were refused before any answer.
    const answered = outcomes.filter((o) => o.status !== undefined);
    expect(describeOutcomes(answered.filter((o) => !succeeded(o))), "answers other than success").toBe("");
    const refused = outcomes.filter((o) => o.status === undefined);
    const wrongRefusals = refused.filter((o) => !["ECONNREFUSED", "ECONNRESET"].includes(o.error ?? "") || o.startedAt < signalledAt - 100);
    expect(describeOutcomes(wrongRefusals), "failures other than a refused connection after the signal").toBe("");
    // Requests were under way at the signal (held by the frozen database) and finished after it.
    const inFlight = answered.filter((o) => o.startedAt < signalledAt && o.endedAt >= thawedAt);
    expect(inFlight.length, "load requests in flight at the signal").toBeGreaterThan(0);

    // Every cart post that answered 303 is in the cart; none is there twice or half.
    const posts = outcomes.filter((o) => o.method === "POST");
    const rows = await running.query<{ product_id: number; quantity: number }>(
      "select product_id, quantity from list_items where list = 'cart' and owner = $1",
      [`visitor:${cartVisitor}`],
    );
    const stored = new Map(rows.map((row) => [String(row.product_id), row.quantity]));
    for (const post of posts.filter((o) => o.status === 303)) expect(stored.get(post.tag!), `coin ${post.tag}`).toBe(1);
    expect(rows.length).toBe(posts.filter((o) => o.status === 303).length);
  });
});

describe("SIGTERM with a connection that never finishes its request", () => {
  it("waits at most SHUTDOWN_TIMEOUT_MS for it, then exits 0", async () => {
    const shutdownTimeoutMs = 1_500;
    const shop = await startShop({ env: { SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) } });
    const { hostname, port } = new URL(shop.url);
    const stuck = net.connect(Number(port), hostname);
    stuck.on("error", () => undefined);
    try {
      await new Promise<void>((resolve, reject) => stuck.once("connect", resolve).once("error", reject));
      // Half a request: the server has it under way and cannot call the connection idle.
      stuck.write(
        `POST /cart HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${shop.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nintent=add`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const signalledAt = Date.now();
      shop.kill("SIGTERM");
      expect(await shop.exited).toBe(0);
      const took = Date.now() - signalledAt;
      expect(took, "waited for the request under way").toBeGreaterThanOrEqual(shutdownTimeoutMs - 100);
      expect(took, "but not much longer than SHUTDOWN_TIMEOUT_MS").toBeLessThan(shutdownTimeoutMs + 5_000);
    } finally {
      stuck.destroy();
      await shop.stop();
    }
  });
});
