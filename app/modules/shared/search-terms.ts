import { nationalDigits, normalizePhone } from "../phone/phone.ts";

/**
 * What a back-office search box was given, read once for every list that searches people
 * (orders, buy-back requests, customers): the text as LIKE patterns that match it literally,
 * and, when it looks like a phone number in any format (8 916…, +7 (916)…, 916…), the whole
 * number or the digits typed so far.
 */
export type SearchTerms = {
  text: string;
  /** `%text%`, with LIKE's wildcards escaped. */
  contains: string;
  /** `text%`, with LIKE's wildcards escaped. */
  startsWith: string;
  /** The whole number as stored (+7XXXXXXXXXX), when one was typed. */
  phone: string | null;
  /** `%digits%` of the national number typed so far (four digits at least), for a partial number. */
  phoneContains: string | null;
};

/** A typed fragment as a LIKE pattern that matches it literally. */
export const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The national digits of a partial number: "8 916 12" → "91612" (Russian mobiles start with 9). */
function partialNationalDigits(text: string): string | null {
  const digits = nationalDigits(text);
  if (digits === null) return null;
  const national = !text.trim().startsWith("+") && digits.length < 11 && /^[78]9/.test(digits) ? digits.slice(1) : digits;
  return national.length >= 4 ? national.slice(-10) : null;
}

export function searchTerms(q: string): SearchTerms {
  const text = q.trim();
  const phone = normalizePhone(text);
  const digits = phone ? phone.slice(2) : partialNationalDigits(text);
  return {
    text,
    contains: `%${likeLiteral(text)}%`,
    startsWith: `${likeLiteral(text)}%`,
    phone,
    phoneContains: digits ? `%${digits}%` : null,
  };
}
