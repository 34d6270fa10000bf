// One generated case: a target, a persona, and up to three mutations of a valid-ish
// request (its fields, its body's shape, its cookies, headers, method or address).
// Everything comes from caseRandom(seed, index): the same seed and index give the same request.
import { caseRandom, type Random } from "./random.ts";
import { type Fields, type Fixtures, type Method, type Persona, personas, type Target, targets } from "./targets.ts";
import { hostileJson, hostileSegment, hostileText, type JsonValue, longText, pollutionKeys } from "./values.ts";

/** The server's limit on a request body (server.ts maxBodyBytes). */
export const maxBodyBytes = 64 * 1024;
/** Node's limit on the request line and headers together (--max-http-header-size). */
const maxHeaderBytes = 16 * 1024;

export type FuzzRequest = {
  method: Method;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
};

export type FuzzCase = {
  index: number;
  target: Target;
  persona: Persona;
  mutations: string[];
  request: FuzzRequest;
  /** A status the answer must have (a body over the limit: 413). */
  expectStatus?: number[];
  /** Sent to React Router's data endpoint (path.data), as a page's JavaScript does: not HTML. */
  dataRequest: boolean;
  /** Why the shop must refuse this case (a quantity that is no decimal number, a page form from nowhere), if it must. */
  mustRefuse?: string;
};

type Encoding = "json" | "form" | "multipart" | "text" | "none";

type Draft = {
  method: Method;
  path: string;
  segment?: string;
  fields?: Fields;
  encoding: Encoding;
  /** A body written out by a mutation, used as is. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  contentType?: string | null;
  cookie: string;
  headers: Record<string, string>;
  /** A foreign Origin: a page's form is refused (403) before its body is read. */
  foreignOrigin?: boolean;
  /** A shop Referer stands in for Origin. */
  shopReferer?: boolean;
  dataRequest: boolean;
};

type Mutation = {
  name: string;
  applies(target: Target, draft: Draft): boolean;
  apply(draft: Draft, random: Random, fixtures: Fixtures, target: Target): string;
};

const hasBody = (draft: Draft) => draft.method !== "GET" && draft.method !== "HEAD";
const hasFields = (draft: Draft) => !!draft.fields && draft.fields.length > 0 && hasBody(draft);

function fieldValue(random: Random, encoding: Encoding): JsonValue {
  return encoding === "json" && random.chance(0.5) ? hostileJson(random) : hostileText(random);
}

const mutations: Mutation[] = [
  {
    name: "value",
    applies: (_t, d) => hasFields(d),
    apply(draft, random) {
      const index = random.int(0, draft.fields!.length - 1);
      const value = fieldValue(random, draft.encoding);
      draft.fields![index] = [draft.fields![index]![0], value];
      return `value ${draft.fields![index]![0]}`;
    },
  },
  {
    name: "drop",
    applies: (_t, d) => hasFields(d),
    apply(draft, random) {
      const [name] = draft.fields!.splice(random.int(0, draft.fields!.length - 1), 1)[0]!;
      return `drop ${name}`;
    },
  },
  {
    name: "extra",
    applies: (_t, d) => hasBody(d),
    apply(draft, random) {
      // Pollution keys, names the routes read (checkout's qty:<id> and seen:<id> among them), or junk.
      const name = random.chance(0.4)
        ? random.pick(pollutionKeys)
        : random.pick([
            "intent",
            "productId",
            "id",
            "userId",
            "price",
            "status",
            "role",
            "_fetcher",
            "removeLine",
            "chooseCity",
            `qty:${hostileSegment(random)}`,
            `seen:${hostileSegment(random)}`,
            hostileText(random).slice(0, 50),
          ]);
      draft.fields = [...(draft.fields ?? []), [name, fieldValue(random, draft.encoding)]];
      return `extra ${JSON.stringify(name).slice(0, 60)}`;
    },
  },
  {
    name: "duplicate",
    applies: (_t, d) => hasFields(d),
    apply(draft, random) {
      const [name] = draft.fields![random.int(0, draft.fields!.length - 1)]!;
      draft.fields!.push([name, fieldValue(random, draft.encoding)]);
      return `duplicate ${name}`;
    },
  },
  {
    name: "wrong type",
    applies: (_t, d) => hasFields(d) && d.encoding === "json",
    apply(draft, random) {
      const index = random.int(0, draft.fields!.length - 1);
      const value = random.pick<JsonValue>([null, true, [], {}, [1, 2], { value: 1 }, -1, 1.5, 1e308, "", [draft.fields![index]![1]]]);
      draft.fields![index] = [draft.fields![index]![0], value];
      return `wrong type ${draft.fields![index]![0]}`;
    },
  },
  {
    name: "broken json",
    applies: (_t, d) => hasBody(d),
    apply(draft, random) {
      const body = JSON.stringify(Object.fromEntries(draft.fields ?? [["a", 1]]));
      draft.rawBody = random.pick([
        body.slice(0, Math.max(1, body.length - random.int(1, 5))),
        `${body}}`,
        body.replaceAll('"', "'"),
        `{"a": NaN, "b": undefined}`,
        "{,}",
        "[".repeat(random.int(1_000, 30_000)),
        `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
        `{"a":${'{"a":'.repeat(3_000)}1${"}".repeat(3_000)}}`,
        "\u0000{}",
        "\ufeff{}",
        '{"a":"\\ud800"}',
        '{"a":"\\u0000"}',
        "{'__proto__': {'admin': true}}",
        `{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}`,
      ]);
      draft.contentType = "application/json";
      return "broken json";
    },
  },
  {
    name: "json shape",
    applies: (_t, d) => hasBody(d),
    apply(draft, random) {
      draft.rawBody = JSON.stringify(
        random.pick<JsonValue>([[], [draft.fields ?? {}], "text", 42, null, true, { data: Object.fromEntries(draft.fields ?? []) }, hostileJson(random)]),
      );
      draft.contentType = "application/json";
      return "json shape";
    },
  },
  {
    name: "other encoding",
    applies: (_t, d) => hasBody(d),
    apply(draft, random) {
      const encoding = random.pick<Encoding>(["json", "form", "multipart", "text"].filter((e) => e !== draft.encoding) as Encoding[]);
      draft.encoding = encoding;
      return `as ${encoding}`;
    },
  },
  {
    name: "broken multipart",
    applies: (_t, d) => hasBody(d),
    apply(draft, random) {
      const boundary = "----fuzz";
      draft.rawBody = random.pick([
        `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd`,
        `--${boundary}\r\n\r\n--${boundary}--`,
        `--other\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--other--\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../x.php"\r\nContent-Type: application/x-php\r\n\r\n<?php ?>\r\n--${boundary}--\r\n`,
        "garbage",
      ]);
      draft.contentType = random.pick([
        `multipart/form-data; boundary=${boundary}`,
        "multipart/form-data",
        `multipart/form-data; boundary="${"x".repeat(100)}"`,
      ]);
      return "broken multipart";
    },
  },
  {
    name: "content type",
    applies: (_t, d) => hasBody(d),
    apply(draft, random) {
      draft.contentType = random.pick([
        null,
        "",
        "text/plain",
        "application/xml",
        "application/x-www-form-urlencoded; charset=utf-16",
        "application/json; charset=koi8-r",
        "multipart/form-data",
        "application/octet-stream",
        "garbage/;;;===",
        "application/x-www-form-urlencoded, application/json",
      ]);
      return `content type ${JSON.stringify(draft.contentType)}`;
    },
  },
  {
    name: "huge body",
    applies: (_t, d) => hasBody(d),
    apply(draft, random) {
      const size = maxBodyBytes + random.int(1, 8 * 1024);
      draft.rawBody = draft.encoding === "json" ? `{"a":"${"x".repeat(size)}"}` : `a=${"x".repeat(size)}`;
      return `huge body (${size} B)`;
    },
  },
  {
    name: "large field",
    applies: (_t, d) => hasFields(d),
    apply(draft, random) {
      const index = random.int(0, draft.fields!.length - 1);
      draft.fields![index] = [draft.fields![index]![0], longText(random, 50_000)];
      return `large ${draft.fields![index]![0]}`;
    },
  },
  {
    name: "empty body",
    applies: (_t, d) => hasBody(d),
    apply(draft) {
      draft.rawBody = "";
      return "empty body";
    },
  },
  {
    name: "bad bytes",
    applies: (_t, d) => hasBody(d),
    apply(draft, random) {
      const bytes = random.pick([
        [0xff, 0xfe, 0x00, 0x61],
        [0xc3, 0x28],
        [0xed, 0xa0, 0x80],
        [0xe2, 0x82],
        [0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff, 0xfe],
        [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d],
      ]);
      draft.rawBody = new Uint8Array(bytes);
      if (random.chance(0.5)) draft.contentType = draft.encoding === "json" ? "application/json" : "application/x-www-form-urlencoded";
      return `bad bytes ${bytes.map((b) => b.toString(16)).join(" ")}`;
    },
  },
  {
    name: "cookie",
    applies: () => true,
    apply(draft, random, fixtures) {
      const kind = random.int(0, 11);
      const names = ["session", "uuid", "login", "flash"];
      const garbage = () => headerSafe(random.pick([hostileText(random).slice(0, 300), "%", "%zz", "=", ";;", '"quoted"', "a".repeat(43), "A".repeat(43)]));
      switch (kind) {
        case 0:
          draft.cookie = `session=${garbage()}; uuid=${fixtures.visitorId}`;
          return "cookie: garbage session";
        case 1:
          // Well-formed (43 base64url characters) but never issued.
          draft.cookie = `session=${"Ab0_-".repeat(9).slice(0, 43)}; uuid=${fixtures.visitorId}`;
          return "cookie: forged session";
        case 2:
          draft.cookie = `session=${fixtures.expiredSessionToken}; uuid=${fixtures.visitorId}`;
          return "cookie: expired session";
        case 3:
          draft.cookie = `uuid=${random.pick(["not-a-uuid", "00000000-0000-0000-0000-000000000000", fixtures.visitorId.toUpperCase(), `${fixtures.visitorId}x`, "%00", "' OR 1=1--"])}`;
          return "cookie: bad uuid";
        case 4:
          draft.cookie = `${draft.cookie}; ${random.pick(names)}=${"x".repeat(random.int(4_000, 9_000))}`;
          return "cookie: large";
        case 5:
          // Past Node's header limit (16 KB): refused before the app.
          draft.cookie = `${draft.cookie}; junk=${"y".repeat(20_000)}`;
          return "cookie: huge";
        case 6:
          draft.cookie = `login=${garbage()}; flash=${garbage()}; ${draft.cookie}`;
          return "cookie: forged login and flash";
        case 7:
          // A signed cookie's value with its signature altered.
          draft.cookie = `${draft.cookie}; login=${Buffer.from(JSON.stringify({ step: "profile", phone: "+79161234567", redirectTo: "//evil.example" })).toString("base64")}.AAAA`;
          return "cookie: tampered login";
        case 8:
          draft.cookie = `session=${fixtures.sessionToken}; session=${garbage()}; uuid=${fixtures.visitorId}; uuid=${garbage()}`;
          return "cookie: duplicate names";
        case 9:
          draft.cookie = random.pick([";", "=", ";;;=;=", "session", "uuid=", "=uuid", "\t", "a=b=c=d"]);
          return "cookie: malformed header";
        case 10:
          draft.cookie = "";
          return "cookie: none";
        default:
          draft.cookie = `${draft.cookie}; ${random.pick(pollutionKeys).replace(/[[\]]/g, "")}=${garbage()}`;
          return "cookie: pollution name";
      }
    },
  },
  {
    name: "origin",
    applies: () => true,
    apply(draft, random, fixtures) {
      const kind = random.int(0, 5);
      if (kind === 0) {
        delete draft.headers["Sec-Fetch-Site"];
        return "no Sec-Fetch-Site";
      }
      // Without Origin and Sec-Fetch-Site, a page form stands on its Referer.
      if (kind === 4 || kind === 5) {
        delete draft.headers["Sec-Fetch-Site"];
        draft.shopReferer = kind === 4;
        draft.headers.Referer =
          kind === 4 ? `${fixtures.baseUrl}/catalog` : random.pick(["https://evil.example/", "null", "garbage", `${fixtures.baseUrl}.evil.example/`]);
        return `only Referer ${draft.headers.Referer}`;
      }
      if (kind === 1) {
        draft.headers["Sec-Fetch-Site"] = random.pick(["cross-site", "same-site", "garbage"]);
        return `Sec-Fetch-Site ${draft.headers["Sec-Fetch-Site"]}`;
      }
      draft.foreignOrigin = true;
      draft.headers.Origin = random.pick(["https://evil.example", "null", "http://127.0.0.1:1", "garbage", "http://[::1"]);
      if (kind === 3) delete draft.headers["Sec-Fetch-Site"];
      return `Origin ${draft.headers.Origin}`;
    },
  },
  {
    name: "headers",
    applies: () => true,
    apply(draft, random) {
      const header = random.pick([
        ["Accept", random.pick(["application/json", "*/*;q=garbage", "text/html;q=0", "x".repeat(3_000)])],
        ["Accept-Language", random.pick(["xx", "*", ";q=1", "ru;q=NaN"])],
        [
          "X-Forwarded-For",
          random.pick([
            "1.2.3.4",
            "' OR 1=1--",
            "::1, 10.0.0.1",
            "x".repeat(500),
            "2001:db8::1, 2001:db8::2",
            "185.71.76.1, 203.0.113.9",
            ", , ,",
            "::ffff:1.2.3.4",
            "1.2.3.4:80, [2001:db8::1]:443",
          ]),
        ],
        ["Forwarded", "for=185.71.76.1;proto=https"],
        ["X-Forwarded-Host", "evil.example"],
        ["X-Forwarded-Proto", "gopher"],
        ["User-Agent", random.pick(["", "curl/8", "Googlebot/2.1", headerSafe(hostileText(random)).slice(0, 2_000)])],
        ["Referer", "javascript:alert(1)"],
        ["If-None-Match", '"garbage", W/"x"'],
        ["Range", "bytes=0-1,5-2"],
      ]);
      draft.headers[header[0]!] = header[1]!;
      return `header ${header[0]}`;
    },
  },
  {
    name: "method",
    applies: () => true,
    apply(draft, random, _fixtures, target) {
      const others = (["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const).filter((m) => m !== draft.method);
      draft.method = random.chance(0.5) && target.methods.length > 1 ? random.pick(target.methods.filter((m) => m !== draft.method)) : random.pick(others);
      if (draft.method === "GET" && random.chance(0.5)) {
        const query = new URLSearchParams((draft.fields ?? []).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]));
        if ([...query].length > 0) draft.path += (draft.path.includes("?") ? "&" : "?") + query.toString();
      }
      return `method ${draft.method}`;
    },
  },
  {
    name: "segment",
    applies: (t) => !!t.hasSegment,
    apply(draft, random, fixtures, target) {
      draft.segment = hostileSegment(random);
      draft.path = target.path(fixtures, random, draft.segment);
      return `segment ${draft.segment.slice(0, 60)}`;
    },
  },
  {
    name: "query",
    applies: () => true,
    apply(draft, random) {
      const name = random.pick(["redirectTo", "order", "city", "pvz", "_data", "index", "__proto__", "q", "page"]);
      const value = encodeURIComponent(headerSafe(hostileText(random)).slice(0, 2_000));
      draft.path += `${draft.path.includes("?") ? "&" : "?"}${name}=${value}`;
      return `query ${name}`;
    },
  },
  {
    // A return address that leads off the site once a browser
    // drops tabs and line breaks, or that no Location header can hold.
    name: "redirect target",
    applies: () => true,
    apply(draft, random) {
      const value = random.pick([
        "/\t/evil.example",
        "/\n/evil.example",
        "/\r\n/evil.example",
        "/\\/evil.example",
        "/%09/evil.example",
        "/\r\nSet-Cookie: x=1",
        "/каталог?q=монета",
        "/\u2028/evil.example",
        "https:evil.example",
      ]);
      if (hasBody(draft) && draft.fields && random.chance(0.7)) {
        draft.fields = draft.fields.filter(([name]) => name !== "redirectTo");
        draft.fields.push(["redirectTo", value]);
        return `redirectTo field ${JSON.stringify(value)}`;
      }
      draft.path += `${draft.path.includes("?") ? "&" : "?"}redirectTo=${encodeURIComponent(value)}`;
      return `redirectTo query ${JSON.stringify(value)}`;
    },
  },
  {
    // Number() reads these as 16, 1000, 3…; only decimal digits are a quantity.
    name: "quantity text",
    applies: (_t, d) => hasFields(d) && d.fields!.some(([name]) => name === "quantity"),
    apply(draft, random) {
      const value = random.pick(["0x10", "1e3", "0b11", "0o7", "1_000", " 0x1F ", "2e0", "1.", ".5e1", "Infinity"]);
      // On the cart form, an intent that reads the quantity.
      const intent = random.pick(["add", "set"]);
      draft.fields = draft.fields!.map(([name, old]) => [name, name === "quantity" ? value : name === "intent" ? intent : old]);
      return `quantity ${JSON.stringify(value)}`;
    },
  },
  {
    name: "data request",
    applies: (t) => t.kind === "page",
    apply(draft) {
      // React Router's single fetch: /cart → /cart.data (what a page's fetcher posts to).
      const [pathname, search] = draft.path.split("?");
      draft.path = `${pathname}.data${search ? `?${search}` : ""}`;
      draft.dataRequest = true;
      return "data request";
    },
  },
];

/** Text that fetch accepts in a header value: Latin-1 without control characters (a tab may stay). */
function headerSafe(text: string): string {
  // A lone surrogate has no UTF-8 form: it goes as U+FFFD would.
  const escape = (char: string) => (char.isWellFormed() ? encodeURIComponent(char) : "%EF%BF%BD");
  // oxlint-disable-next-line no-control-regex -- control characters are what this escapes
  return [...text].map((char) => (char.charCodeAt(0) > 0xff || /[\u0000-\u0008\u000a-\u001f\u007f]/.test(char) ? escape(char) : char)).join("");
}

const mutationWeights: Record<string, number> = {
  value: 6,
  drop: 2,
  extra: 2,
  duplicate: 2,
  "wrong type": 3,
  "broken json": 2,
  "json shape": 1,
  "other encoding": 2,
  "broken multipart": 1,
  "content type": 1,
  "huge body": 1,
  "large field": 1,
  "empty body": 1,
  "bad bytes": 1,
  cookie: 3,
  origin: 1,
  headers: 1,
  method: 1,
  segment: 3,
  query: 1,
  "redirect target": 1,
  "quantity text": 3,
  "data request": 1,
};

function pickMutation(random: Random, target: Target, draft: Draft): Mutation | undefined {
  const candidates = mutations.filter((mutation) => mutation.applies(target, draft));
  const total = candidates.reduce((sum, mutation) => sum + (mutationWeights[mutation.name] ?? 1), 0);
  let roll = random.next() * total;
  for (const mutation of candidates) {
    roll -= mutationWeights[mutation.name] ?? 1;
    if (roll < 0) return mutation;
  }
  return candidates.at(-1);
}

/** Builds case `index` of the run with `seed`. */
export function buildCase(seed: number, index: number, fixtures: Fixtures): FuzzCase {
  const random = caseRandom(seed, index);
  const target = random.pick(targets);
  const persona: Persona = target.forStaff && random.chance(0.7) ? "staff" : target.forBuyer && random.chance(0.7) ? "buyer" : random.pick(personas);
  const method = target.methods[0]!;
  const draft: Draft = {
    method,
    path: target.path(fixtures, random),
    fields: target.fields?.(fixtures, random),
    encoding: target.kind === "api" ? "json" : "form",
    cookie: fixtures.cookies[persona],
    headers: { "Sec-Fetch-Site": "same-origin", ...target.headers?.(random) },
    dataRequest: false,
  };
  const applied: string[] = [];
  const appliedNames: string[] = [];
  // Now and then none: the valid-ish request itself, so the accepting paths run too.
  const count = random.pick([0, 1, 1, 2, 2, 3]);
  for (let i = 0; i < count; i++) {
    const mutation = pickMutation(random, target, draft);
    if (mutation) {
      applied.push(mutation.apply(draft, random, fixtures, target));
      appliedNames.push(mutation.name);
    }
  }
  const request = toRequest(draft);
  // A page's form that says nowhere that it comes from the shop.
  const formFromNowhere =
    target.kind === "page" && hasBody(draft) && !draft.headers.Origin && draft.headers["Sec-Fetch-Site"] !== "same-origin" && !draft.shopReferer;
  const mustRefuse = formFromNowhere
    ? "a page form without Origin, Sec-Fetch-Site or the shop's Referer"
    : (quantityRefusal(draft, target, appliedNames) ?? strangerCodeCheck(draft, target, persona, appliedNames));
  return {
    index,
    target,
    persona,
    mutations: applied,
    request,
    expectStatus: expectedStatus(draft, request),
    dataRequest: draft.dataRequest,
    mustRefuse,
  };
}

/**
 * A code check from a browser that did not ask for the code (no login cookie
 * of the codeStep persona) is refused, even with the pending phone and its right code: a
 * stranger can neither sign in with it nor spend the buyer's tries. Only while the cookies
 * are the persona's own (a cookie mutation may hand it someone's).
 */
function strangerCodeCheck(draft: Draft, target: Target, persona: Persona, appliedNames: string[]): string | undefined {
  if (target.name !== "POST /api/auth/check-code" || persona === "codeStep" || draft.method !== "POST") return undefined;
  if (appliedNames.includes("cookie")) return undefined;
  return "a code check from a browser that did not ask for the code";
}

/**
 * A quantity that is no decimal number ("0x10", "1e3") in a request that
 * uses it (PATCH /api/cart/{id}, the cart form's add and set) must be refused. Only when the
 * body is otherwise as the page or client sends it: another body mutation may leave the
 * quantity unread (an add without one is an add of 1).
 */
function quantityRefusal(draft: Draft, target: Target, appliedNames: string[]): string | undefined {
  if (!appliedNames.includes("quantity text")) return undefined;
  // Mutations that leave the body read as fields (the check below looks at the fields as sent).
  const harmless = new Set(["quantity text", "value", "drop", "extra", "cookie", "headers", "query", "origin", "redirect target", "method"]);
  if (!appliedNames.every((name) => harmless.has(name))) return undefined;
  const field = (name: string) => draft.fields?.find(([candidate]) => candidate === name)?.[1];
  const quantity = field("quantity");
  const uses =
    (target.name === "PATCH /api/cart/:id" && draft.method === "PATCH") ||
    (target.name === "POST /cart" && draft.method === "POST" && (field("intent") === "add" || field("intent") === "set"));
  if (!uses || typeof quantity !== "string" || /^\s*[+-]?\d+\s*$/.test(quantity)) return undefined;
  return `quantity ${JSON.stringify(quantity)} is no decimal number`;
}

/**
 * Headers over Node's limit are answered 431 before anything else (only the huge cookie
 * gets there; fetch adds a few short headers of its own); a body over the server's
 * limit 413, unless a foreign Origin got a page's form refused (403) or a NUL in the address was
 * refused by the edges (404, 400) first.
 */
function expectedStatus(draft: Draft, request: FuzzRequest): number[] | undefined {
  const headerBytes = Object.entries(request.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, request.path.length);
  if (headerBytes > maxHeaderBytes) return [431];
  const bytes = request.body === undefined ? 0 : typeof request.body === "string" ? Buffer.byteLength(request.body) : request.body.byteLength;
  const fromNowhere = !draft.headers.Origin && draft.headers["Sec-Fetch-Site"] !== "same-origin" && !draft.shopReferer;
  if (bytes > maxBodyBytes) {
    // The edges refuse a NUL in the address before the body is read (server/edges.ts): 404 in the path, 400 in the query.
    const [pathname = "", search = ""] = request.path.split("?");
    if (pathname.includes("%00")) return [404];
    if (search.includes("%00")) return [400];
    return draft.foreignOrigin || fromNowhere ? [403, 413] : [413];
  }
  return undefined;
}

function toRequest(draft: Draft): FuzzRequest {
  const headers: Record<string, string> = { ...draft.headers };
  if (draft.cookie) headers.Cookie = draft.cookie;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  let contentType: string | null | undefined;
  if (hasBody(draft)) {
    if (draft.rawBody !== undefined) {
      body = draft.rawBody;
    } else if (draft.fields) {
      [body, contentType] = encode(draft.fields, draft.encoding);
    }
    if (draft.contentType !== undefined) contentType = draft.contentType;
    else if (contentType === undefined && body !== undefined)
      contentType = draft.encoding === "json" ? "application/json" : "application/x-www-form-urlencoded";
    if (contentType) headers["Content-Type"] = contentType;
  }
  return { method: draft.method, path: draft.path, headers, body };
}

/** The fields written out as a body of the encoding, with its Content-Type. */
function encode(fields: Fields, encoding: Encoding): [string, string | undefined] {
  const text = (value: JsonValue) =>
    typeof value === "string" ? value : value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  switch (encoding) {
    case "json":
      // Written by hand so that a repeated name stays repeated.
      return [`{${fields.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(",")}}`, "application/json"];
    case "multipart": {
      const boundary = "----fuzzboundary7MA4YWxkTrZu0gW";
      const parts = fields.map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, "%22")}"\r\n\r\n${text(value)}\r\n`,
      );
      return [`${parts.join("")}--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`];
    }
    case "text":
      return [fields.map(([name, value]) => `${name}=${text(value)}`).join("\r\n"), "text/plain"];
    case "none":
      return ["", undefined];
    default: {
      const form = new URLSearchParams();
      for (const [name, value] of fields) {
        if (Array.isArray(value)) for (const item of value) form.append(name, text(item));
        else form.append(name, text(value));
      }
      return [form.toString(), "application/x-www-form-urlencoded"];
    }
  }
}

/** The request as text for a failure message: everything needed to send it again by hand. */
export function describeRequest(request: FuzzRequest, limit = 4_000): string {
  const lines = [
    `${request.method} ${request.path}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value.length > 500 ? `${value.slice(0, 500)}… (${value.length} chars)` : value}`),
  ];
  if (request.body !== undefined) {
    const body = typeof request.body === "string" ? request.body : `<bytes ${Buffer.from(request.body).toString("hex")}>`;
    lines.push("", body.length > limit ? `${body.slice(0, limit)}… (${body.length} chars; FUZZ_SEED and FUZZ_CASE replay it whole)` : body);
  }
  return lines.join("\n");
}
