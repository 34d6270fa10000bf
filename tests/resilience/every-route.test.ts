// Every route of app/routes.ts and every POST form the pages render, fed hostile values: the
// pages are read as a stranger, a signed-in buyer and staff of each role (owner, manager, content,
// compliance); each route's address gets every hostile value in its parameters and its query (the
// names of the page's GET forms, and q and page), and each form every hostile value in its
// fields (the hidden ones and the pressed button kept, so the post reaches the action), and all
// its fields twice; a NUL goes into each query name alone as well. No answer may be a 5xx or a
// cut connection, and the shop's log no ERROR line.
//
// The requests are bounded (a value list, not a random stream): about 2,000 on a run (44 s on PostgreSQL,
// 68 s on the embedded database, on a busy two-core machine), their count and time printed. The fixed catalogue sections are one route module: two of them stand
// for the rest. Forms that sign out are left out (they would end the persona, nothing more).
// EVERY_ROUTE_VERBOSE=1 prints a line per request (status, persona, address, value).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { newPhone, placeOrderByForms, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { attribute, decodeEntities, tags } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { adminDatabaseUrl, type Shop, startShop } from "#tests/support/server.ts";
import { signedInStaff } from "#tests/support/staff.ts";
import { connectStoredData, type StoredData, storedDataEnv } from "./fuzz/stored-data.ts";

type Persona = "stranger" | "buyer" | "owner" | "manager" | "content" | "compliance";
const staffRoles = ["owner", "manager", "content", "compliance"] as const;

/** A hostile value: as a form field's text, and as written into an address (already encoded). */
type Hostile = { name: string; text: string; url: string; raw?: boolean };
const hostile: Hostile[] = [
  { name: "empty", text: "", url: "" },
  { name: "20,000 characters", text: "a".repeat(20_000), url: "a".repeat(20_000) },
  { name: "NUL", text: "a\u0000b", url: "a%00b" },
  // Written as is into the body and the address: a percent sign without its two hex digits.
  { name: "malformed percent-encoding", text: "%E0%A4%A%", url: "%E0%A4%A%", raw: true },
  { name: "NaN", text: "NaN", url: "NaN" },
  { name: "1e309", text: "1e309", url: "1e309" },
  { name: "SQL", text: "1' OR '1'='1'; DROP TABLE orders;--", url: encodeURIComponent("1' OR '1'='1'; DROP TABLE orders;--") },
  { name: "emoji", text: "😀👨‍👩‍👧‍👦", url: encodeURIComponent("😀👨‍👩‍👧‍👦") },
];

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every address pattern of the route table, e.g. "/admin/orders/:number". */
function patterns(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const here = entry.path !== undefined || entry.index ? [own || "/"] : [];
    return [...here, ...patterns(entry.children ?? [], own)];
  });
}

const segmentsOf = (pattern: string) => pattern.split("/").filter(Boolean);
const isParam = (segment: string) => segment.startsWith(":") || segment === "*";

/** A concrete address for a pattern when no page links to one. */
const fallback: Record<string, string> = {
  pageNumber: "2",
  categorySlug: "gold",
  kind: "page",
  key: "about",
  route: "about",
  sku: "AU-0001",
  slug: "georgiy-pobedonosec-50-rubley-mmd",
};

function matches(pattern: string, pathname: string): boolean {
  const want = segmentsOf(pattern);
  const got = pathname.split("/").filter(Boolean);
  return want.length === got.length && want.every((segment, i) => isParam(segment) || segment === got[i]);
}

/** Who reads a route: the back office as each role, the account as the buyer, the rest signed out and in. */
function readersOf(pattern: string): Persona[] {
  if (pattern === "/admin/login") return ["stranger"];
  if (pattern.startsWith("/admin")) return [...staffRoles];
  if (pattern.startsWith("/my")) return ["buyer"];
  if (pattern.startsWith("/api")) return ["stranger"];
  return ["stranger", "buyer"];
}

type Form = { persona: Persona; action: string; enctype: string; fields: Array<[string, string, "hidden" | "field"]> };

/** The POST forms of a page, one per submit button that carries a name (at most three per form). */
function postForms(html: string, pageUrl: string, persona: Persona): Form[] {
  const found: Form[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const open = `<form${match[1]}>`;
    if ((attribute(open, "method") ?? "get").toLowerCase() !== "post") continue;
    const body = match[2]!;
    const action = new URL(attribute(open, "action") ?? pageUrl, "http://shop.invalid" + pageUrl);
    const fields: Form["fields"] = [];
    for (const tag of tags(body, "input")) {
      const name = attribute(tag, "name");
      const type = (attribute(tag, "type") ?? "text").toLowerCase();
      if (!name || type === "submit" || type === "file") continue;
      if ((type === "checkbox" || type === "radio") && !/\schecked(=|\s|>|\/)/.test(tag) && fields.some(([other]) => other === name)) continue;
      fields.push([name, attribute(tag, "value") ?? (type === "checkbox" ? "on" : ""), type === "hidden" ? "hidden" : "field"]);
    }
    for (const tagMatch of body.matchAll(/<(textarea|select)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
      const name = attribute(tagMatch[0], "name");
      if (!name) continue;
      const option = tags(tagMatch[2]!, "option")[0];
      fields.push([name, tagMatch[1] === "select" ? (attribute(option ?? "", "value") ?? "") : decodeEntities(tagMatch[2]!), "field"]);
    }
    const buttons = tags(body, "button")
      .map((tag) => [attribute(tag, "name"), attribute(tag, "value") ?? ""] as const)
      .filter((button): button is readonly [string, string] => Boolean(button[0]));
    const presses = buttons.length > 0 ? buttons.slice(0, 3) : [undefined];
    for (const press of presses) {
      found.push({
        persona,
        action: action.pathname + action.search,
        enctype: attribute(open, "enctype") ?? "application/x-www-form-urlencoded",
        fields: press ? [...fields, [press[0], press[1], "hidden"]] : fields,
      });
    }
  }
  return found;
}

/** The query names a page's GET forms send. */
function getFormNames(html: string): string[] {
  const names = new Set<string>();
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if ((attribute(`<form${match[1]}>`, "method") ?? "get").toLowerCase() !== "get") continue;
    for (const tag of [...tags(match[2]!, "input"), ...tags(match[2]!, "select")]) {
      const name = attribute(tag, "name");
      if (name) names.add(name);
    }
  }
  return [...names];
}

/** Sign-out forms end the persona's session and nothing more: left out. */
const signsOut = (form: Form) =>
  /^\/(admin\/)?logout\b|^\/api\/auth\/logout/.test(form.action) || form.fields.some(([name, value]) => name === "intent" && value === "logout");

let scratch: string;
let shop: Shop;
let stored: StoredData;
const clients = {} as Record<Persona, ShopClient>;

describe("every route and every form, fed hostile values", () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "every-route-"));
    const outbox = path.join(scratch, "sms.jsonl");
    shop = await startShop({ env: { SMS_PROVIDER: "file", SMS_OUTBOX_FILE: outbox, ...storedDataEnv(!adminDatabaseUrl()) } });
    stored = await connectStoredData(shop);
    clients.stranger = new ShopClient(shop.url);
    await clients.stranger.get("/");
    const buyer = await signedInBuyer(shop.url, outbox);
    await placeOrderByForms(buyer, productIdOf("georgiy-pobedonosec-50-rubley-mmd"));
    clients.buyer = buyer.client;
    for (const role of staffRoles) {
      const phone = newPhone();
      await stored.query("insert into staff (phone, name, role) values ($1, $2, $3)", [phone.normal, `Сотрудник ${role}`, role]);
      clients[role] = await signedInStaff(shop.url, outbox, phone);
    }
  }, 120_000);
  afterAll(async () => {
    await stored?.close();
    await shop?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it("answers no 5xx and logs no error", async () => {
    const startedAt = Date.now();
    const failures: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    const send = async (persona: Persona, label: string, method: string, target: string, body?: string | FormData, headers?: Record<string, string>) => {
      requests++;
      let status: number;
      try {
        status = (await clients[persona].request(method, target, body, { headers, followRedirects: false, timeoutMs: 30_000 })).status;
      } catch (error) {
        status = 0;
        label += ` (${String((error as { cause?: unknown }).cause ?? error)})`;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (process.env.EVERY_ROUTE_VERBOSE) console.log(`${status} ${persona} ${method} ${target.slice(0, 200)} (${label})`);
      if (status === 0 || status >= 500) failures.push(`${status} ${persona} ${method} ${target.slice(0, 160)}${target.length > 160 ? "…" : ""}: ${label}`);
      return status;
    };

    const all = patterns(routes as RouteEntry[]);
    // The fixed catalogue sections share the catalogue's module: two stand for the rest.
    const sections = all.filter((pattern) => /^\/catalog\/(gold|silver|bullion-coins)\/[^:]/.test(pattern) && !pattern.endsWith("/page/:pageNumber"));
    const chosen = all.filter((pattern) => !sections.slice(2).some((section) => pattern === section || pattern === `${section}/page/:pageNumber`));

    // 1. Read every route as its readers: the links give concrete addresses for the patterns with parameters.
    const links = new Set<string>();
    const pages: Array<{ persona: Persona; pattern: string; url: string; html: string }> = [];
    const read = async (persona: Persona, pattern: string, url: string) => {
      const response = await clients[persona].request("GET", url, undefined, { followRedirects: false, timeoutMs: 30_000 });
      requests++;
      if (response.status >= 500) failures.push(`${response.status} ${persona} GET ${url}: the page itself`);
      if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
        pages.push({ persona, pattern, url, html: response.text });
        for (const tag of tags(response.text, "a")) {
          const href = attribute(tag, "href");
          if (href?.startsWith("/") && !href.startsWith("//")) links.add(href.split("#")[0]!);
        }
      }
    };
    const plain = chosen.filter((pattern) => !segmentsOf(pattern).some(isParam));
    for (const pattern of plain) for (const persona of readersOf(pattern)) await read(persona, pattern, pattern);
    const concrete = new Map<string, string>();
    for (const pattern of chosen.filter((candidate) => segmentsOf(candidate).some(isParam))) {
      const linked = [...links].find((link) => matches(pattern, link.split("?")[0]!));
      const url =
        linked?.split("?")[0] ??
        "/" +
          segmentsOf(pattern)
            .map((segment) => (isParam(segment) ? (fallback[segment.slice(1)] ?? "1") : segment))
            .join("/");
      concrete.set(pattern, url);
      for (const persona of readersOf(pattern)) await read(persona, pattern, url);
    }
    for (const pattern of plain) concrete.set(pattern, pattern);

    // 2. Every route's address with each hostile value in its parameters and its query, and its query names twice.
    for (const pattern of chosen) {
      const persona = readersOf(pattern).at(-1) === "compliance" ? "owner" : readersOf(pattern)[0]!;
      const base = concrete.get(pattern)!.split("/");
      const page = pages.find((candidate) => candidate.pattern === pattern);
      const names = [...new Set(["q", "page", ...(page ? getFormNames(page.html) : [])])];
      for (const value of hostile) {
        const segments = segmentsOf(pattern);
        const address = segments.some(isParam)
          ? "/" + segments.map((segment, i) => (isParam(segment) ? value.url : base[i + 1])).join("/")
          : concrete.get(pattern)!;
        // An empty first segment makes "//", no address a browser sends (server-edges tests the raw target).
        if (address.startsWith("//")) continue;
        await send(persona, value.name, "GET", `${address}?${names.map((name) => `${encodeURIComponent(name)}=${value.url}`).join("&")}`);
      }
      // One name at a time with a NUL: a page that refuses a bad "page" before it searches would hide its "q".
      for (const name of names) await send(persona, `NUL in ${name} alone`, "GET", `${concrete.get(pattern)}?${encodeURIComponent(name)}=a%00b`);
      await send(persona, "every query name twice", "GET", `${concrete.get(pattern)}?${names.flatMap((name) => [`${name}=1`, `${name}=2`]).join("&")}`);
    }

    // 3. Every POST form each persona was shown, once per hostile value in its fields, and with every field twice.
    const forms = new Map<string, Form>();
    for (const page of pages) {
      for (const form of postForms(page.html, page.url, page.persona)) {
        if (signsOut(form)) continue;
        const key = `${form.persona} ${form.action} ${form.fields
          .map(([name, value, kind]) => (kind === "hidden" && name === "intent" ? `${name}=${value}` : name))
          .sort()
          .join(",")}`;
        if (!forms.has(key)) forms.set(key, form);
      }
    }
    const encode = (pairs: Array<[string, string, boolean]>) =>
      pairs.map(([name, value, raw]) => `${encodeURIComponent(name)}=${raw ? value : encodeURIComponent(value)}`).join("&");
    // Deleting the account last: the buyer's other forms are still sent as a buyer.
    const deletes = (form: Form) => form.fields.some(([name, value]) => name === "intent" && value === "delete");
    for (const form of [...forms.values()].sort((a, b) => Number(deletes(a)) - Number(deletes(b)))) {
      const post = (label: string, pairs: Array<[string, string, boolean]>) => {
        if (form.enctype === "multipart/form-data") {
          const data = new FormData();
          for (const [name, value] of pairs) data.append(name, value);
          return send(form.persona, label, "POST", form.action, data);
        }
        return send(form.persona, label, "POST", form.action, encode(pairs), { "Content-Type": "application/x-www-form-urlencoded" });
      };
      for (const value of hostile) {
        await post(
          value.name,
          form.fields.map(([name, rendered, kind]) => [name, kind === "hidden" ? rendered : value.text, kind !== "hidden" && value.raw === true]),
        );
      }
      // The hidden fields hostile too (a tampered token, version or id), with a NUL.
      await post(
        "hidden fields with a NUL",
        form.fields.map(([name, rendered, kind]) => [name, kind === "hidden" && name !== "intent" ? `${rendered}\u0000` : rendered, false]),
      );
      await post(
        "every field twice",
        form.fields.flatMap(
          ([name, rendered, kind]) =>
            (kind === "hidden"
              ? [[name, rendered, false]]
              : [
                  [name, rendered, false],
                  [name, "1", false],
                ]) as Array<[string, string, boolean]>,
        ),
      );
    }

    const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
    console.log(
      `every route: ${chosen.length} routes, ${pages.length} pages read, ${forms.size} forms; ${requests} requests in ${seconds} s; statuses ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(" ")}`,
    );
    const errors = shop
      .output()
      .split("\n")
      .filter((line) => /^\S+ ERROR /.test(line));
    expect({ failures: failures.slice(0, 30), errors: errors.slice(0, 10).map((line) => line.slice(0, 600)) }).toEqual({ failures: [], errors: [] });
    expect(forms.size, "forms found on the pages").toBeGreaterThan(20);
    expect(shop.isRunning()).toBe(true);
  }, 900_000);
});
