/**
 * Russian mobile numbers (spec section 5): stored and compared as "+7XXXXXXXXXX"
 * (12 characters). Whatever a buyer types — 8…, 7…, +7 (…) …-…-…, spaces — is read.
 */
export const PHONE_LENGTH = 12;
export const PHONE_MASK = "+7 (###) ###-##-##";

export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === "" || /[^\d\s()+\-.]/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  // With a plus sign only the country code 7 and eleven digits make a Russian number.
  if (trimmed.startsWith("+")) return trimmed.startsWith("+7") && digits.length === 11 ? `+${digits}` : null;
  if (digits.length === 11 && (digits.startsWith("7") || digits.startsWith("8"))) return `+7${digits.slice(1)}`;
  return digits.length === 10 ? `+7${digits}` : null;
}

/** "+79991234567" → "+7 (999) 123-45-67". */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").slice(-10);
  if (digits.length !== 10) return phone;
  return `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
}
