// The guards the layouts apply (docs/decisions/027-guards-as-middleware.md), proved for every
// route below them: each /api call answers only the methods its `handle` declares (a JSON 405
// with Allow otherwise), refuses a state change from another site (403 cross_site), and a
// GET that changes state refuses HEAD; every account page sends an anonymous visitor to sign in.
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import type { ApiCall, ApiHandle, ApiMethod } from "#app/modules/request/api-call.ts";
import routes from "#app/routes.ts";
import { repoRoot } from "#tests/support/server.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop();

function childrenOf(file: string): RouteConfigEntry[] {
  const walk = (entries: RouteConfigEntry[]): RouteConfigEntry | undefined =>
    entries.map((entry) => (entry.file === file ? entry : walk(entry.children ?? []))).find(Boolean);
  const layout = walk(routes);
  if (!layout?.children?.length) throw new Error(`no routes under ${file}`);
  return layout.children;
}

/** A concrete address of a route's path: parameters become "1", a splat a made-up call. */
const addressOf = (routePath: string, parent = "") =>
  `/${[parent, routePath].filter(Boolean).join("/")}`.replace(/:[a-z]+/gi, "1").replace("*", "no-such-call");

const apiRoutes = await Promise.all(
  childrenOf("routes/api/layout.ts").map(async (entry) => {
    const module = (await import(path.join(repoRoot, "app", entry.file))) as { handle?: ApiHandle };
    return { id: entry.id ?? entry.file, address: addressOf(entry.path!), api: module.handle?.api };
  }),
);
const declared = apiRoutes.filter((route): route is typeof route & { api: ApiCall } => typeof route.api === "object");
const allMethods: ApiMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const json = (response: { text: string }) => JSON.parse(response.text);
const send = (method: string, address: string, headers: Record<string, string>) =>
  shop
    .client()
    .request(method, address, method === "GET" || method === "HEAD" ? undefined : "{}", { headers: { "Content-Type": "application/json", ...headers } });

describe("the /api layout's guards, on every /api route", () => {
  it("every /api route declares its methods in its handle (only the unknown-call 404 answers any)", () => {
    expect(apiRoutes.length).toBeGreaterThan(15);
    for (const route of apiRoutes) expect(route.api, route.id).toBeDefined();
    expect(apiRoutes.filter((route) => route.api === "any").every((route) => route.id.includes("not-found"))).toBe(true);
  });

  it.each(declared.map((route) => [route.address, route] as const))("%s: a method it does not declare is a JSON 405 with Allow", async (_address, route) => {
    const allow = Object.keys(route.api.methods).join(", ");
    for (const method of allMethods.filter((method) => !(method in route.api.methods))) {
      const response = await send(method, route.address, { Origin: shop.url });
      expect(response.status, `${method} ${route.address}`).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
      expect(json(response)).toEqual({ error: { code: "method_not_allowed", message: `Метод не поддерживается; допустимо: ${allow}` } });
    }
  });

  it.each(declared.map((route) => [route.address, route] as const))(
    "%s: a change from another site is 403 cross_site; HEAD only where GET just reads",
    async (_address, route) => {
      for (const [method, kind] of Object.entries(route.api.methods)) {
        const response = await send(method, route.address, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
        if (kind === "change") {
          expect(response.status, `${method} ${route.address}`).toBe(403);
          expect(json(response)).toEqual({ error: { code: "cross_site", message: "Запрос отклонён: он пришёл не со страницы магазина" } });
        } else {
          expect(response.status, `${method} ${route.address} (${kind}) is not an origin refusal`).not.toBe(403);
        }
      }
      const head = await send("HEAD", route.address, { "Sec-Fetch-Site": "same-origin" });
      if (route.api.methods.GET === "read") expect(head.status, `HEAD ${route.address}`).not.toBe(405);
      else expect(head.status, `HEAD ${route.address}`).toBe(405);
    },
  );

  // The sign-in calls were refused with the cart list's words.
  it("refuses a cross-site POST /api/auth/get-code with the generic text, and sends no code", async () => {
    const response = await send("POST", "/api/auth/get-code", { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(json(response).error).toEqual({ code: "cross_site", message: "Запрос отклонён: он пришёл не со страницы магазина" });
  });
});

describe("the account layout's sign-in check, on every account route", () => {
  const accountRoutes = childrenOf("routes/my/layout.tsx").map((entry) => addressOf(entry.path ?? "", "my"));

  it.each(accountRoutes)("%s: an anonymous GET, .data request and POST go to sign-in and back", async (address) => {
    const client = shop.client();
    const login = `/login?redirectTo=${encodeURIComponent(`${address}?x=1`)}`;
    const page = await client.get(`${address}?x=1`);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(login);
    // Client navigation asks for the .data twin: the same redirect, as React Router encodes it.
    const data = await client.get(`${address}.data?x=1`);
    expect(data.status).toBe(202);
    expect(data.text).toContain(JSON.stringify(login));
    const posted = await client.postForm(`${address}?x=1`, { intent: "remove" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(login);
  });
});
