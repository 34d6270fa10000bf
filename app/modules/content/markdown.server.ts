/**
 * Markdown to safe HTML, on the server only: `marked` (GitHub-flavoured Markdown) then
 * `sanitize-html` with an allow-list. What survives: text structure (headings from h2,
 * paragraphs, lists, quotes, tables, code), links and pictures. What never does: script,
 * style, iframe, forms, inline handlers (on*), style and class attributes, and any URL
 * that is not http(s), mailto: or tel: (javascript:, data:, vbscript:…).
 *
 * - A "# heading" becomes h2: the page's one h1 is its title.
 * - Links to other sites open in a new tab with rel="noopener nofollow".
 * - Pictures must be the shop's own (a path in the images folder or public/); they are
 *   shown through /_ipx at a reading width, lazily. A picture from another site is dropped.
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { ipxUrl } from "../images/image-url.ts";

export type RenderOptions = {
  /** The shop's own origin (PUBLIC_URL): absolute links to it are not "other sites". */
  publicUrl?: string;
};

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** The widest a picture in an article is shown, in CSS pixels. */
export const articleImageWidth = 800;

const allowedTags = [
  "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "ul", "ol", "li", "blockquote", "pre", "code",
  "strong", "em", "b", "i", "del", "s", "sup", "sub", "abbr", "a", "img", "figure", "figcaption",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "dl", "dt", "dd", "details", "summary",
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

export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  const html = marked.parse(markdown, { async: false }) as string;
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: {
      a: ["href", "title", "rel", "target"],
      img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
      th: ["align", "colspan", "rowspan", "scope"],
      td: ["align", "colspan", "rowspan"],
      ol: ["start", "reversed"],
      abbr: ["title"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      h1: "h2",
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
