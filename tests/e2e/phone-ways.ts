// The ways a buyer puts a phone number into a field, and the ways it is written.
// Shared by the phone specs. Not a spec file.
import type { Locator, Page } from "@playwright/test";

/** Every way a Russian number is commonly written, for the ten national digits `digits`. */
export function formatsOf(digits: string): string[] {
  const [a, b, c, d] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8)];
  return [
    `+7${digits}`,
    `8${digits}`,
    `7${digits}`,
    digits,
    `+7 ${a} ${b}-${c}-${d}`,
    `8 (${a}) ${b}-${c}-${d}`,
    `7 ${a} ${b} ${c} ${d}`,
    `8 ${a} ${b} ${c} ${d}`,
  ];
}

/** The field's masked look of a number: +7 (916) 111-22-33. */
export function maskedPhone(digits: string): string {
  return `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
}

/**
 * Puts a number into a field as a buyer would: typing it key by key, pasting it (text inserted
 * at once, as a paste does), the browser's autofill (the value set at once), or Ctrl+V from the
 * clipboard (needs the clipboard permissions in the context).
 */
export const ways: Record<string, (page: Page, field: Locator, text: string) => Promise<void>> = {
  typed: async (_page, field, text) => field.pressSequentially(text),
  pasted: async (page, field, text) => {
    await field.focus();
    await page.keyboard.insertText(text);
  },
  autofilled: async (_page, field, text) => field.fill(text),
  "pasted from the clipboard": async (page, field, text) => {
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await field.focus();
    await page.keyboard.press("ControlOrMeta+V");
  },
};

/** Ten national digits no other test uses: a prefix and the clock (one number per call). */
let counter = 0;
export function freshDigits(prefix: string): string {
  counter = (counter + 1) % 100;
  return `${prefix}${String(Date.now()).slice(-5)}${String(counter).padStart(2, "0")}`.slice(0, 10);
}
