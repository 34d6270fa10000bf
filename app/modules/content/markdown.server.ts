/**
 * Markdown to safe HTML, on the server only: `marked` (GitHub-flavoured Markdown) then
 * `sanitize-html` with an allow-list. What survives: text structure (headings from h2,
 * paragraphs, lists, quotes, tables, code), links and pictures. What never does: script,
 * style, iframe, forms, inline handlers (on*), style and class attributes (but a table cell's
 * alignment, kept as a class of ours), and any URL
 * that is not http(s), mailto: or tel: (javascript:, data:, vbscript:…).
 *
 * - A "# heading" becomes h2: the page's one h1 is its title.
 * - Links to other sites open in a new tab with rel="noopener nofollow".
 * - Pictures must be the shop's own (a path in the images folder or public/); they are
 *   shown through /_ipx at a reading width, lazily. A picture from another site is dropped.
 *
 * Some Markdown costs `marked` far more than its length (5 000 characters of "**a* " take over half a
 * second, 40 000 half a minute): a render runs under a time limit and falls back to the plain text,
 * pages keep what they rendered (renderedMarkdown), and a save refuses a text that does not render
 * in time (markdownProblem).
 */
import { createHash } from "node:crypto";
import vm from "node:vm";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { ipxUrl } from "../images/image-url.ts";
import { escapeMarkup } from "../shared/escape-markup.ts";
import { log } from "../shared/log.server.ts";
import { createMemoryCache } from "../shared/memory-cache.ts";

export type RenderOptions = {
  /** The shop's own origin (PUBLIC_URL): absolute links to it are not "other sites". */
  publicUrl?: string;
};

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** The widest a picture in an article is shown, in CSS pixels. */
export const articleImageWidth = 800;

const allowedTags = [
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "blockquote",
  "pre",
  "code",
  "strong",
  "em",
  "b",
  "i",
  "del",
  "s",
  "sup",
  "sub",
  "abbr",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "dl",
  "dt",
  "dd",
  "details",
  "summary",
];

/**
 * Is this href a page of another site? Only absolute http(s) addresses on another host are;
 * everything else is either the shop's own or dropped by the sanitiser (//host, other schemes).
 */
function isExternal(href: string, publicUrl: string | undefined): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (!publicUrl) return true;
  try {
    return url.host !== new URL(publicUrl).host;
  } catch {
    return true;
  }
}

/** A picture's own source ("content/news/x.svg", "/content/x.png"), or null for another site's. */
function localImageSource(src: string): string | null {
  const trimmed = src.trim();
  if (trimmed === "" || /^[a-z][a-z0-9+.-]*:|^\/\/|\\/i.test(trimmed)) return null;
  const path = trimmed.replace(/^\/+/, "").split(/[?#]/)[0]!;
  if (path.split("/").includes("..")) return null;
  return path;
}

/** A table column's alignment (`|:-:|`, `|--:|`), as the classes content.css.ts styles. */
const alignClasses = ["align-left", "align-center", "align-right"];

/**
 * A cell's `align` (marked's, or typed in HTML) as a class: the attribute is obsolete HTML, and
 * any other class a cell was given is dropped (the sanitiser keeps only these).
 */
function alignAsClass(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { align, class: _class, ...rest } = attribs;
  const side = align?.trim().toLowerCase();
  return { tagName, attribs: side && alignClasses.includes(`align-${side}`) ? { ...rest, class: `align-${side}` } : rest };
}

/** The longest one render may take before it is stopped; an ordinary 100 000-character page takes 20 ms. */
export const MARKDOWN_RENDER_LIMIT_MS = 1000;

function renderUnbounded(markdown: string, options: RenderOptions): string {
  const html = marked.parse(markdown, { async: false }) as string;
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: {
      a: ["href", "title", "rel", "target"],
      img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
      th: ["colspan", "rowspan", "scope"],
      td: ["colspan", "rowspan"],
      ol: ["start", "reversed"],
      abbr: ["title"],
    },
    allowedClasses: { th: alignClasses, td: alignClasses },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      h1: "h2",
      th: alignAsClass,
      td: alignAsClass,
      a: (tagName, attribs) => {
        const { target: _target, rel: _rel, ...rest } = attribs;
        const href = rest.href?.trim();
        if (href && isExternal(href, options.publicUrl)) return { tagName, attribs: { ...rest, href, target: "_blank", rel: "noopener nofollow" } };
        return { tagName, attribs: rest };
      },
      img: (tagName, attribs) => {
        const source = attribs.src ? localImageSource(attribs.src) : null;
        if (!source) return { tagName: "img", attribs: { "data-drop": "1" } };
        // An /_ipx address written by hand is shown like any other picture (the proxy serves only the widths pages use).
        const src = ipxUrl(source.replace(/^_ipx\/[^/]+\//, ""), { width: articleImageWidth });
        const kept: Record<string, string> = { src, alt: attribs.alt ?? "", loading: "lazy", decoding: "async" };
        if (attribs.title) kept.title = attribs.title;
        return { tagName, attribs: kept };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "img" && (!frame.attribs.src || frame.attribs["data-drop"] === "1"),
  });
}

/** The text as it was typed, paragraphs kept: what a page shows of a Markdown that cannot be rendered in time. */
export function plainTextHtml(markdown: string): string {
  return markdown
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${escapeMarkup(paragraph)}</p>`)
    .join("\n");
}

// One context for every bounded render: its `timeout` stops the synchronous render where it is.
const sandbox = vm.createContext({ job: () => "" });
const runJob = new vm.Script("job()");

type Rendered = { ok: true; html: string } | { ok: false; reason: "slow" | "failed" };

function renderWithin(markdown: string, options: RenderOptions, limitMs: number): Rendered {
  sandbox.job = () => renderUnbounded(markdown, options);
  try {
    return { ok: true, html: runJob.runInContext(sandbox, { timeout: limitMs }) as string };
  } catch (error) {
    return { ok: false, reason: (error as { code?: string }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT" ? "slow" : "failed" };
  } finally {
    sandbox.job = () => "";
  }
}

// Rendered texts by their content: a page's HTML is made once per process, not on every view.
const renderedCache = createMemoryCache<string>({
  maxEntries: 2000,
  maxBytes: 32 * 1024 * 1024,
  maxEntryBytes: 4 * 1024 * 1024,
  bytesOf: (html) => html.length * 2,
});

const cacheKey = (markdown: string, options: RenderOptions) =>
  createHash("sha256")
    .update(options.publicUrl ?? "")
    .update("\u0000")
    .update(markdown)
    .digest("base64url");

/** Keeps a rendered text (the cache's load resolves at once: the HTML is already made). */
const keep = (key: string, html: string) => void renderedCache.get(key, async () => html);

/**
 * Markdown to safe HTML within MARKDOWN_RENDER_LIMIT_MS, kept by its content: the same text (and
 * origin) is rendered once per process. A text that takes longer, or that `marked` cannot parse
 * (thousands of nested quotes overflow its stack), is shown as its plain text, and that is kept too.
 */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  if (markdown === "") return "";
  const key = cacheKey(markdown, options);
  const kept = renderedCache.peek(key);
  if (kept !== undefined) return kept;
  const rendered = renderWithin(markdown, options, MARKDOWN_RENDER_LIMIT_MS);
  if (!rendered.ok) log.warn("markdown shown as plain text", { reason: rendered.reason, chars: markdown.length });
  const html = rendered.ok ? rendered.html : plainTextHtml(markdown);
  keep(key, html);
  return html;
}

/**
 * Why a text cannot be saved for the storefront (it does not render in time, or at all), or null.
 * Its length is bounded by the file's validator (content-files.ts, MAX_BODY_CHARS).
 */
export function markdownProblem(markdown: string, options: RenderOptions = {}): string | null {
  const rendered = renderWithin(markdown, options, MARKDOWN_RENDER_LIMIT_MS);
  if (rendered.ok) {
    // What was just rendered is what this process's pages will show: kept, so its first view does not render it again.
    keep(cacheKey(markdown, options), rendered.html);
    return null;
  }
  return rendered.reason === "slow"
    ? `разметку этого текста не получается показать быстрее чем за ${MARKDOWN_RENDER_LIMIT_MS / 1000} с: упростите её (много вложенных *, _, [ или > подряд) или разбейте текст на части`
    : "разметка этого текста не читается (слишком глубокая вложенность списков или цитат): упростите её";
}
