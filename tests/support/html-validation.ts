// An independent check of the shop's markup: html-validate with its recommended rules.
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type ConfigData, HtmlValidate } from "html-validate";

/**
 * The recommended rules, with three set to how React writes HTML (its serializer's choices,
 * not ours; the browser reads them alike): boolean attributes as `disabled=""`, a few
 * attributes in camelCase (`charSet`, `imageSrcSet`), and useId's ids; the rules that are off
 * are off for a reason said beside each.
 */
export const htmlValidateConfig: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    // Spelling, not validity: the pages have two writers, React (`<meta/>`, `<!DOCTYPE html>`) and the server's refusal pages (`<meta>`, `<!doctype html>`).
    "void-style": "off",
    "doctype-style": "off",
    "attribute-boolean-style": ["error", { style: "empty" }],
    // Spelling again: React writes an empty attribute both ways, `download=""` from JSX and a bare `hidden` on its streamed parts.
    "attribute-empty-style": "off",
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    // React's useId makes ids such as "_R_18l5_" (a leading underscore); any id without spaces is valid HTML.
    "valid-id": ["error", { relaxed: true }],
    // Phone links keep plain spaces and hyphens (a number copied into a dialer or read aloud must
    // be the one typed; U+2011 hyphens break both) and do not wrap by CSS instead: every tel: link
    // has white-space: nowrap (app/ui/tokens/theme.css.ts), which the rule cannot see.
    "tel-non-breaking": "off",
    // A title is the coin's or article's full name («… им. М.В. Ломоносова 3 рубля 2015»): cut, coins would lose what tells them apart; search engines shorten it themselves.
    "long-title": "off",
  },
};

const validator = new HtmlValidate(htmlValidateConfig);

/** What the validator finds in a page's HTML, one line a finding. */
export function markupFindings(html: string, name: string): string[] {
  const report = validator.validateStringSync(html, name);
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? `line ${message.line}`})`),
  );
}

/**
 * The shape of a page, so a suite's HTTP client validates each kind of page once rather than
 * every response: the request's method and status, the routes that rendered it (React Router's
 * route ids in the page's module map; the path with its numbers and slugs taken out for pages
 * the server writes itself), and the set of element-and-attribute-name pairs in its markup, which
 * changes when the page shows something new (a form's errors, a filled cart) but not with its
 * words, prices or the number of rows.
 */
export function pageShape(method: string, url: string, status: number, html: string): string {
  const routes = /__reactRouterRouteModules = \{([^}]*)\}/.exec(html)?.[1]?.replace(/\\?"|:route\d+/g, "");
  const elements = new Set<string>();
  for (const [, tag, attributes] of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const names = attributes!.replace(/"[^"]*"|'[^']*'/g, "").match(/[a-zA-Z_:][\w:.-]*/g) ?? [];
    elements.add(`${tag} ${names.sort().join(" ")}`);
  }
  return `${method} ${status} ${routes ?? genericPath(url)} ${hashOf([...elements].sort().join("\n"))}`;
}

/** A path with its ids, numbers and slugs as placeholders: /admin/orders/A-1042 and /admin/orders/A-1043 alike. */
function genericPath(url: string): string {
  return new URL(url).pathname.replace(/\/[^/]*\d[^/]*/g, "/:id").replace(/\/[^/]+-[^/]+/g, "/:slug");
}

/** A short, stable digest of a text (FNV-1a, 32 bits): the Set keeps these, not whole shapes. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** At most this many shapes are validated in one test file; later new ones are not. */
const maxShapes = 400;
/**
 * Shapes met in this process: the files of a vitest worker share it (isolate: false), so a
 * shape is validated once per worker, and the count of validations is per file.
 */
const shapesSeen = new Set<string>();
let validatedInFile = 0;

/** A new test file starts (tests/support/markup-per-file.ts): it gets its own maxShapes validations. */
export function startTestFile(): void {
  validatedInFile = 0;
}
/** HTML_VALIDATE_LOG=<file>: each validated shape and its milliseconds appended there, to count and time them. */
const logFile = process.env.HTML_VALIDATE_LOG;

/**
 * Validates a page the HTTP client read, once per shape (above); throws with the validator's
 * findings, so the request, and the test that made it, fails.
 */
export function checkPageMarkup(method: string, url: string, status: number, html: string): void {
  if (validatedInFile >= maxShapes) return;
  const shape = pageShape(method, url, status, html);
  if (shapesSeen.has(shape)) return;
  shapesSeen.add(shape);
  validatedInFile++;
  const record = validShapeRecord(shape);
  if (record && existsSync(record)) return;
  const started = process.cpuUsage();
  const findings = markupFindings(html, new URL(url).pathname);
  const spent = process.cpuUsage(started);
  if (logFile) appendFileSync(logFile, `${shape} ${new URL(url).pathname}\t${((spent.user + spent.system) / 1000).toFixed(1)}\n`);
  if (findings.length > 0)
    throw new Error(`${method} ${new URL(url).pathname} (${status}): the markup is invalid (html-validate):\n  ${findings.join("\n  ")}`);
  if (record) writeFileSync(record, "", { flag: "a" });
}

/**
 * The run's record of shapes found valid, shared by every test file of both databases' projects
 * (a folder of empty files named by the shape's digest, made by tests/support/template-setup.ts):
 * a page validated once in the run is not validated again in another file's process. Only valid
 * shapes are recorded, so an invalid one fails in every file that meets it.
 */
function validShapeRecord(shape: string): string | undefined {
  const folder = process.env.SHOP_TEST_VALID_MARKUP;
  return folder ? path.join(folder, createHash("sha256").update(shape).digest("hex").slice(0, 32)) : undefined;
}
