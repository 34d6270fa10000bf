// What no page or message the shop writes may contain: a value printed without being turned into
// words («[object Object]», «undefined», «NaN», «null») and sloppy punctuation. Used by the message
// tests, by the HTTP client, which reads every page a suite renders, by the outbox readers, which
// read every e-mail and SMS, and by the e2e tests' fixture (tests/e2e/fixtures.ts).
import { decodeEntities } from "./html.ts";

/** JavaScript's words for "no value", as they leak into text; matched as whole words. */
const leaks = [/\[object Object\]/, /\bundefined\b/, /\bNaN\b/, /\bnull\b/];

/** The leaks in a text (a page's visible text or a message), each as found. */
export function leakedValues(text: string): string[] {
  return leaks.map((pattern) => pattern.exec(text)?.[0]).filter((found): found is string => found !== undefined);
}

/** Throws, naming the message, when a message's text shows a leaked value: a suite that reads it fails. */
export function checkMessageText(message: string, text: string): void {
  const leaked = leakedValues(text);
  if (leaked.length > 0)
    throw new Error(`${message} shows ${leaked.map((word) => `«${word}»`).join(", ")}, a value printed without being turned into words:\n${text}`);
}

/**
 * Punctuation a reader notices: a doubled full stop (not an ellipsis) and a full stop glued to the
 * next word ("принят.Оплатите"). Addresses and e-mails are left out: their dots are not full stops.
 */
export function punctuationSlips(text: string): string[] {
  const prose = text.replace(/\bhttps?:\/\/\S+/g, " ").replace(/\S+@\S+/g, " ");
  const slips: string[] = [];
  for (const match of prose.matchAll(/(?<!\.)\.\.(?!\.)|[.!?,;:]\s*[.,;:](?![.\d])/g)) slips.push(`«${around(prose, match.index)}»`);
  for (const match of prose.matchAll(/\p{Ll}{2}[.!?](?=\p{Lu})/gu)) slips.push(`«${around(prose, match.index)}»`);
  return slips;
}

const around = (text: string, index: number) => text.slice(Math.max(0, index - 20), index + 20);

/** The text a reader sees on a page: no scripts, styles or tags; React's comments dropped; entities decoded. */
export function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");
}
