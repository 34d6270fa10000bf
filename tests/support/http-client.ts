// A small browser without a browser: fetch with a tough-cookie jar, for HTTP suites that
// walk the shop as a buyer with JavaScript off would (forms, redirects, cookies).
import http from "node:http";
import zlib from "node:zlib";
import { CookieJar } from "tough-cookie";
import { checkPageMarkup } from "./html-validation.ts";
import { leakedValues, visibleText } from "./text-checks.ts";

/** A desktop Chrome. isbot counts curl/undici agents as crawlers (whole-document rendering). */
export const browserUserAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export type RequestOptions = {
  headers?: Record<string, string>;
  /** Follow redirects (up to 10), keeping cookies, as a browser does. Default: the client's setting. */
  followRedirects?: boolean;
  /** Give up (the promise rejects with a TimeoutError) after this long, body included. */
  timeoutMs?: number;
};

export type ClientResponse = {
  status: number;
  headers: Headers;
  /** The URL of the final response (after redirects when followed). */
  url: string;
  /** The body as text ("" for HEAD and empty bodies). */
  text: string;
  /** The URLs that redirected to this response, in order. */
  redirects: string[];
};

export class ShopClient {
  readonly jar: CookieJar;
  readonly baseUrl: string;
  private readonly userAgent: string;
  private readonly followByDefault: boolean;
  private readonly defaultHeaders: Record<string, string>;
  /** Leak-like words this client itself sent («null» typed into a field): a page may show them back. */
  private readonly sentLeaks = new Set<string>();

  /**
   * `jar`: share cookies with another client, as one browser does with two instances
   * behind one proxy (cookies do not depend on the port).
   * `headers`: sent with every request (a request's own headers win), e.g. the
   * X-Forwarded-For a proxy would add for this visitor.
   */
  constructor(baseUrl: string, options: { userAgent?: string; followRedirects?: boolean; jar?: CookieJar; headers?: Record<string, string> } = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.jar = options.jar ?? new CookieJar();
    this.userAgent = options.userAgent ?? browserUserAgent;
    this.followByDefault = options.followRedirects ?? false;
    this.defaultHeaders = options.headers ?? {};
  }

  get(path: string, options: RequestOptions = {}): Promise<ClientResponse> {
    return this.request("GET", path, undefined, options);
  }

  head(path: string, options: RequestOptions = {}): Promise<ClientResponse> {
    return this.request("HEAD", path, undefined, options);
  }

  /** Submits a form as a browser without JavaScript does (application/x-www-form-urlencoded). */
  postForm(path: string, fields: Record<string, string | string[]>, options: RequestOptions = {}): Promise<ClientResponse> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    return this.request("POST", path, body, options);
  }

  /** Submits a form with files as a browser does (multipart/form-data; fetch writes the boundary). */
  postMultipart(path: string, form: FormData, options: RequestOptions = {}): Promise<ClientResponse> {
    return this.request("POST", path, form, options);
  }

  /** GET a page that must be HTML; returns its markup. */
  async html(path: string, options: RequestOptions = {}): Promise<string> {
    const response = await this.get(path, options);
    const type = response.headers.get("content-type") ?? "";
    if (!type.startsWith("text/html")) throw new Error(`${path}: expected HTML, got ${response.status} ${type}`);
    return response.text;
  }

  /** The value of a cookie the jar would send to the shop, if any. */
  async cookie(name: string): Promise<string | undefined> {
    const cookies = await this.jar.getCookies(this.baseUrl + "/");
    return cookies.find((cookie) => cookie.key === name)?.value;
  }

  async setCookie(cookie: string): Promise<void> {
    await this.jar.setCookie(cookie, this.baseUrl + "/");
  }

  /** Leak-like words in what this client sends, so that a page showing them back is not blamed (checkPage). */
  private rememberSent(path: string, body: URLSearchParams | FormData | string | undefined): void {
    let sent = path;
    try {
      sent = decodeURIComponent(path);
    } catch {
      // A malformed escape in a test's own address: read it as it is.
    }
    if (body instanceof URLSearchParams || body instanceof FormData) sent += ` ${[...body.values()].filter((value) => typeof value === "string").join(" ")}`;
    else if (typeof body === "string") sent += ` ${body}`;
    for (const word of leakedValues(sent)) this.sentLeaks.add(word);
  }

  /**
   * Every HTML page a suite reads is checked here, and the request fails on what is found:
   * - a value printed without being turned into words («[object Object]», «undefined», «NaN»,
   *   «null») in the visible text, unless this client itself sent that word (a search for «null»,
   *   a name typed as «undefined»);
   * - invalid markup, by html-validate, once for each shape of page in the test file.
   */
  private checkPage(method: string, url: string, status: number, headers: Headers, text: string): void {
    if (!(headers.get("content-type") ?? "").startsWith("text/html") || text === "") return;
    const leaked = leakedValues(visibleText(text)).filter((word) => !this.sentLeaks.has(word));
    if (leaked.length > 0)
      throw new Error(
        `${new URL(url).pathname}: the page shows ${leaked.map((word) => `«${word}»`).join(", ")}, a value printed without being turned into words`,
      );
    checkPageMarkup(method, url, status, text);
  }

  async request(method: string, path: string, body: URLSearchParams | FormData | string | undefined, options: RequestOptions = {}): Promise<ClientResponse> {
    const follow = options.followRedirects ?? this.followByDefault;
    this.rememberSent(path, body);
    let url = new URL(path, this.baseUrl + "/").toString();
    const redirects: string[] = [];
    const signal = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
    for (;;) {
      const headers = new Headers({ "User-Agent": this.userAgent, "Accept-Language": "ru-RU,ru;q=0.9", ...this.defaultHeaders, ...options.headers });
      // As browsers do: every request but GET and HEAD says its page's origin (the shop's, here),
      // unless the test sets Origin itself; an empty Origin sends none.
      if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", new URL(url).origin);
      if (headers.get("Origin") === "") headers.delete("Origin");
      const cookie = await this.jar.getCookieString(url);
      if (cookie) headers.set("Cookie", cookie);
      // A form body is urlencoded; a string body (JSON for /api) keeps the caller's Content-Type.
      if (body instanceof URLSearchParams) headers.set("Content-Type", "application/x-www-form-urlencoded");

      const response = await fetch(url, { method, headers, body, redirect: "manual", signal });
      for (const setCookie of response.headers.getSetCookie()) {
        await this.jar.setCookie(setCookie, url, { ignoreError: true });
      }
      const location = response.headers.get("location");
      if (follow && location && response.status >= 300 && response.status < 400) {
        if (redirects.length >= 10) throw new Error(`Too many redirects: ${[...redirects, url].join(" → ")}`);
        await response.body?.cancel();
        redirects.push(url);
        url = new URL(location, url).toString();
        // As browsers do: 303 (and 301/302 after a POST) continue as GET; 307/308 repeat the request.
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      const text = method === "HEAD" ? "" : await response.text();
      this.checkPage(method, url, response.status, response.headers, text);
      return { status: response.status, headers: response.headers, url, text, redirects };
    }
  }
}

export type RawResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, still compressed when the server compressed them. */
  raw: Buffer;
  /** The body decoded from its content-encoding (zstd, br, gzip), as a browser would see it. */
  text: string;
};

/**
 * One request with node:http, without fetch's automatic decompression, so a suite can
 * see the content-encoding and the bytes the server actually sent.
 */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: { "User-Agent": browserUserAgent, ...options.headers }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          try {
            const encoding = response.headers["content-encoding"];
            const decoded =
              encoding === "zstd"
                ? zlib.zstdDecompressSync(raw)
                : encoding === "br"
                  ? zlib.brotliDecompressSync(raw)
                  : encoding === "gzip"
                    ? zlib.gunzipSync(raw)
                    : raw;
            resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, text: decoded.toString("utf8") });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}
