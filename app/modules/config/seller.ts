/**
 * The seller's legal details: a distance seller shows its legal name, ОГРН and address
 * (Закон о защите прав потребителей, ст. 26.1), a seller of precious-metal goods its registration with the Assay
 * Chamber. They are settings (SELLER_*, ASSAY_REGISTRATION_NUMBER), checked at start; the demo values below are
 * made up, carry valid checksums and are labelled as demo wherever they are shown.
 */

export type SellerDetails = {
  name: string;
  inn: string;
  ogrn: string;
  address: string;
  assayRegistrationNumber: string;
  /** Where a buyer checks the shop in the Assay Chamber's register (ASSAY_REGISTER_URL): its entry, or the register's search. */
  assayRegisterUrl: string;
  /** True while any of the details is still the demo value. */
  demo: boolean;
};

export const DEMO_SELLER = {
  name: "ООО «Аурум Монеты» (демо)",
  inn: "7701999993",
  ogrn: "1027700999996",
  address: "101000, г. Москва, ул. Мясницкая, д. 24/7, стр. 1, офис 107",
  assayRegistrationNumber: "ДЕМО-77-000000",
} as const;

/**
 * The register of the Assay Chamber's special registration, in ГИИС ДМДК, where a buyer finds a seller by ИНН or
 * by its number (since 1 March 2026 also from a QR code). The operator sets the shop's own entry's address.
 */
export const ASSAY_REGISTER_SEARCH_URL = "https://dmdk.assay.gov.ru/";

const digitsOf = (value: string) => [...value].map(Number);
const weighted = (digits: number[], weights: number[]) => weights.reduce((sum, weight, index) => sum + weight * digits[index]!, 0);

/** ИНН: 10 digits (an organisation) or 12 (a person, an individual entrepreneur), with their check digits. */
export function isValidInn(value: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(value)) return false;
  const d = digitsOf(value);
  if (d.length === 10) return (weighted(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10 === d[9];
  const n11 = (weighted(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
  const n12 = (weighted(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
  return n11 === d[10] && n12 === d[11];
}

/** ОГРН (13 digits: the first 12 modulo 11, its last digit) or ОГРНИП (15 digits: the first 14 modulo 13). */
export function isValidOgrn(value: string): boolean {
  if (!/^\d{13}$|^\d{15}$/.test(value)) return false;
  const body = BigInt(value.slice(0, -1));
  const check = Number(body % (value.length === 13 ? 11n : 13n)) % 10;
  return check === Number(value.at(-1));
}

/** ОГРН goes with a 10-digit ИНН (an organisation), ОГРНИП with a 12-digit one (an entrepreneur). */
export function innMatchesOgrn(inn: string, ogrn: string): boolean {
  return (inn.length === 10 && ogrn.length === 13) || (inn.length === 12 && ogrn.length === 15);
}
