/**
 * Russian mobile numbers (spec section 5): stored and compared as "+7XXXXXXXXXX"
 * (12 characters). Whatever a buyer types, pastes or autofills — 8…, 7…, +7…, ten bare
 * digits, with spaces, brackets, dashes — is read the same way here and in the masked
 * field (app/ui/kit/PhoneField.tsx), so the number shown is the number a code goes to.
 */
export const PHONE_LENGTH = 12;
export const PHONE_MASK = "+7 (###) ###-##-##";

/**
 * The national part (the ten digits after +7) of a raw number, or as much of it as was
 * given: "+79161112233", "8 916 111-22-33", "7(916)1112233", "9161112233" → "9161112233".
 * The country code is recognised as "+7" or, without a plus, as a leading 7 or 8 before
 * ten more digits; null for text that is not a phone number at all (letters, "+1…").
 */
export function nationalDigits(input: string): string | null {
  const trimmed = input.trim();
  // "_" is the mask's empty slot: a half-typed masked value reads as its digits so far.
  if (/[^\d\s()+\-._]/.test(trimmed) || trimmed.lastIndexOf("+") > 0) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return digits === "" ? "" : digits.startsWith("7") ? digits.slice(1) : null;
  if (digits.length === 11 && (digits.startsWith("7") || digits.startsWith("8"))) return digits.slice(1);
  return digits;
}

/**
 * What the masked field makes of `text` typed into it key by key from empty: as
 * `nationalDigits`, except that the first 8 or 7 of a number still short of its eleven digits
 * is the prefix, as the mask takes a lone 8 or 7 typed first ("8 (9" is 9, not 89). Reads a
 * number the visitor typed into the server's plain field before the mask's code ran.
 */
export function typedNationalDigits(text: string): string {
  const national = nationalDigits(text);
  const digits = text.replace(/\D/g, "");
  if (national === null) return digits.slice(0, 10);
  const prefixed = !text.trim().startsWith("+") && digits.length < 11 && /^[78]/.test(digits);
  return (prefixed ? national.slice(1) : national).slice(0, 10);
}

export function normalizePhone(input: string): string | null {
  const national = nationalDigits(input);
  return national !== null && national.length === 10 ? `+7${national}` : null;
}

/** Why a number is refused: nothing typed, too few digits, or not a Russian number at all. */
export function phoneProblem(input: string): "empty" | "incomplete" | "invalid" | null {
  if (input.trim() === "") return "empty";
  const national = nationalDigits(input);
  if (national === null || national.length > 10) return "invalid";
  return national.length < 10 ? "incomplete" : null;
}

/** "+79991234567" → "+7 (999) 123-45-67". */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").slice(-10);
  if (digits.length !== 10) return phone;
  return `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
}
