// Page weight: the bytes a first visit downloads for a page, raw and as sent with gzip.
// Fetches the HTML as a browser would (browser User-Agent, Accept-Encoding: gzip), then
// every stylesheet, module preload and script it references, and sums them by kind.
//
// As a module: `pageWeight` is one benchmark of bench/run.ts. Alone, against a running
// production build:  node bench/page-weight.ts http://127.0.0.1:3000
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";
import { pages } from "./budgets.ts";
import { runAlone, type Bench, type Measurement } from "./types.ts";

/** A current Chrome on Android: not a bot to isbot, so the page streams as it does for buyers. */
export const BROWSER_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

type Fetched = { url: string; status: number; wire: number; raw: number; gzip: number; encoding: string | undefined; body: Buffer };

/** GETs a URL asking for gzip and counts the bytes on the wire and after decoding. */
export function fetchWeighed(url: string, accept = "*/*"): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith("https:") ? https : http;
    const request = client.get(url, { headers: { "User-Agent": BROWSER_UA, "Accept-Encoding": "gzip", Accept: accept } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const wireBody = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        try {
          const body = encoding === "gzip" ? zlib.gunzipSync(wireBody) : wireBody;
          // A body the server did not compress is counted as gzip would send it, and noted.
          const gzip = encoding === "gzip" ? wireBody.length : zlib.gzipSync(body, { level: 6 }).length;
          resolve({ url, status: response.statusCode ?? 0, wire: wireBody.length, raw: body.length, gzip, encoding, body });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`timeout: ${url}`)));
    request.on("error", reject);
  });
}

/**
 * The stylesheets and scripts a document makes the browser download, as absolute URLs, and the
 * CSS it carries inline (the page's stylesheets, inlined by app/modules/request/critical-path.server.ts;
 * their links stay, disabled, and are not downloaded).
 */
export function referencedAssets(html: string, pageUrl: string): { css: string[]; js: string[]; inlineCss: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  const attribute = (tag: string, name: string) =>
    tag
      .match(new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"))
      ?.slice(2)
      .find((value) => value !== undefined);
  const sameOrigin = (href: string) => {
    const url = new URL(href.replaceAll("&amp;", "&"), pageUrl);
    return url.origin === new URL(pageUrl).origin ? url.href : undefined;
  };

  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (!href) continue;
    const url = sameOrigin(href);
    if (!url) continue;
    if (rel.includes("stylesheet")) {
      if (!/\sdisabled\b/i.test(tag)) css.add(url);
    } else if (rel.includes("modulepreload") || (rel.includes("preload") && attribute(tag, "as") === "script")) js.add(url);
  }
  for (const [, attributes = "", inline = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(`<script ${attributes}>`, "src");
    if (src) {
      const url = sameOrigin(src);
      if (url) js.add(url);
      continue;
    }
    // The classic script that starts React Router's module script after the first paint
    // (critical-path.server.ts) names the modules it preloads in an array: `})(["/assets/…"],`.
    const deferred = /\}\)\((\[[^\]]*\]),/.exec(inline);
    if (deferred && inline.includes('"modulepreload"')) {
      for (const href of JSON.parse(deferred[1]!) as string[]) {
        const url = sameOrigin(href);
        if (url) js.add(url);
      }
      continue;
    }
    // React Router's inline module script imports the route modules and the client entry.
    if (!/type\s*=\s*["']?module/i.test(attributes)) continue;
    for (const [, specifier = ""] of inline.matchAll(/\bimport\s*(?:\(\s*|[^"'()]*?\bfrom\s*|\s*)["']([^"']+)["']/g)) {
      const url = sameOrigin(specifier);
      if (url) js.add(url);
    }
  }
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, text = ""]) => text);
  return { css: [...css], js: [...js], inlineCss };
}

/** Weighs one page: its HTML, CSS and JS, raw and gzip, with the budgets of bench/budgets.ts. */
export async function weighPage(baseUrl: string, page: (typeof pages)[number]): Promise<Measurement[]> {
  const document = await fetchWeighed(baseUrl + page.path, "text/html,application/xhtml+xml");
  const { css, js, inlineCss } = referencedAssets(document.body.toString("utf8"), document.url);
  const [styles, scripts] = await Promise.all([Promise.all(css.map((url) => fetchWeighed(url, "text/css"))), Promise.all(js.map((url) => fetchWeighed(url)))]);

  const failed = [...styles, ...scripts].filter((asset) => asset.status !== 200);
  if (failed.length > 0) throw new Error(`assets of ${page.path} failed: ${failed.map((asset) => `${asset.status} ${asset.url}`).join(", ")}`);

  const total = (list: Fetched[], key: "raw" | "gzip") => list.reduce((acc, item) => acc + item[key], 0);
  // Inline CSS travels in the HTML (and its gzip): counted as CSS here, and once in the total.
  const inline = Buffer.from(inlineCss.join(""));
  const inlineGzip = inline.length > 0 ? zlib.gzipSync(inline, { level: 6 }).length : 0;
  const cssNote = [
    inlineCss.length > 0 ? `${inlineCss.length} inlined in the HTML` : "",
    styles.length > 0 || inlineCss.length === 0 ? `${styles.length} files` : "",
  ]
    .filter(Boolean)
    .join(", ");
  const uncompressed = [document, ...styles, ...scripts].filter((item) => item.encoding !== "gzip" && item.raw > 0);
  const label = page.path;
  const rows: Measurement[] = [
    // A missing page would be weighed as the error page: the status row makes that a failure.
    { page: label, metric: "HTTP status", value: document.status, unit: "count", budget: { min: 200, max: 299 } },
    { page: label, metric: "HTML gzip", value: document.gzip, unit: "bytes", budget: page.budgets.html },
    { page: label, metric: "HTML raw", value: document.raw, unit: "bytes" },
    { page: label, metric: "CSS gzip", value: total(styles, "gzip") + inlineGzip, unit: "bytes", budget: page.budgets.css },
    { page: label, metric: "CSS raw", value: total(styles, "raw") + inline.length, unit: "bytes", note: cssNote },
    { page: label, metric: "JS gzip", value: total(scripts, "gzip"), unit: "bytes", budget: page.budgets.js },
    { page: label, metric: "JS raw", value: total(scripts, "raw"), unit: "bytes", note: `${scripts.length} files` },
    { page: label, metric: "total gzip", value: document.gzip + total(styles, "gzip") + total(scripts, "gzip"), unit: "bytes" },
  ];
  if (uncompressed.length > 0) {
    rows[1]!.note = `not compressed by the server: ${uncompressed.map((item) => new URL(item.url).pathname).join(", ")}`;
  }
  return rows;
}

export const pageWeight: Bench = {
  name: "page weight",
  async run({ baseUrl }) {
    const rows: Measurement[] = [];
    for (const page of pages) rows.push(...(await weighPage(baseUrl, page)));
    return rows;
  },
};

await runAlone(pageWeight, import.meta.url);
