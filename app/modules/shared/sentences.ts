/**
 * Texts put together from parts (a fixed phrase, a note staff typed, a closing line) read as
 * sentences whatever each part ends with: otherwise a note typed without a full stop runs into
 * the next sentence ("с царапиной Ответьте").
 */

/** A sentence's own end: . ! ? … possibly followed by a closing quote or bracket. */
const ended = /[.!?…][»"”)\]]*$/;
/** What a typed part may trail off with instead of an end. */
const dangling = /[\s,;:\-–—]+$/;

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The non-empty parts as sentences: each ends with its own end or a full stop, each after the
 * first starts with a capital. The first keeps its case, since it may follow a colon
 * ("по заявке на выкуп В-000042: предлагаем …").
 */
export function joinSentences(parts: ReadonlyArray<string | null | undefined>): string {
  return parts
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .map((part, index) => {
      const sentence = ended.test(part) ? part : `${part.replace(dangling, "")}.`;
      return index === 0 ? sentence : capitalise(sentence);
    })
    .join(" ");
}
