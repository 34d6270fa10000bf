/**
 * VAT on the coins the shop sells (research/compliance.md "VAT").
 *
 * - The general rate is 20 % for sales dated before 1 January 2026 (Moscow time) and 22 % from
 *   then on (Federal Law 425-FZ of 28.11.2025). A receipt takes the rate of its order's date, so
 *   an order placed in 2025 keeps 20 % in every receipt it ever gets (payment, settlement, refund).
 * - Coins of precious metals that are legal tender of Russia or of a foreign state, other than
 *   collectable coins, are exempt: подпункт 11 пункта 2 статьи 149 НК РФ. The shop reads that as:
 *   an investment coin (kind "investment"), not proof, that is legal tender now (the Bank of
 *   Russia's coins; a foreign coin with a face value of a state that still exists). Everything
 *   else is sold with VAT. The operator overrides the rule per coin (`npm run catalog -- vat`).
 */

/** How one coin is taxed: exempt (art. 149) or VAT included in the price. */
export type VatTreatment = "exempt" | "included";
/** What the operator set for one coin; null: follow the rule. */
export type VatOverride = VatTreatment | null;
/** A receipt line's VAT: exempt, or included at 20 % or 22 %. */
export type ReceiptVat = "exempt" | "vat20" | "vat22";

/** Delivery is a service the shop sells with VAT at the general rate, whatever the coins' treatment. */
export const DELIVERY_VAT: VatTreatment = "included";

/** 1 January 2026, 00:00 in Moscow (UTC+3, no daylight saving). */
export const VAT_22_FROM = new Date("2025-12-31T21:00:00Z");

/** The general VAT rate for a sale dated `date`. */
export function generalVatRate(date: Date): 20 | 22 {
  return date.getTime() >= VAT_22_FROM.getTime() ? 22 : 20;
}

/** The receipt VAT of a line taxed `treatment` in an order dated `orderDate`. */
export function receiptVat(treatment: VatTreatment, orderDate: Date): ReceiptVat {
  if (treatment === "exempt") return "exempt";
  return generalVatRate(orderDate) === 22 ? "vat22" : "vat20";
}

export type CoinTaxFacts = {
  kind: "investment" | "commemorative";
  country: string;
  issuer: string;
  denomination: string;
  quality: string | null;
};

/** States whose coins are no longer legal tender anywhere. */
const FORMER_ISSUERS = /^(ссср|российская империя|госбанк ссср)/i;

/** Proof ("Пруф", "Proof", a graded "PF70") coins are collectable, whatever their kind; "proof-like" is not proof. */
export function isProof(quality: string | null): boolean {
  if (quality === null) return false;
  const text = quality.toLowerCase();
  if (/(proof|пруф)[\s-]*(like|лайк)/.test(text)) return false;
  return /(^|[^a-zа-яё])(пруф|proof|pf\d*)([^a-zа-яё]|$)/.test(text);
}

/** Legal tender of Russia (issued by the Bank of Russia) or of a foreign state that still issues it. */
export function isLegalTender(coin: Pick<CoinTaxFacts, "country" | "issuer" | "denomination">): boolean {
  const denomination = coin.denomination.trim().toLowerCase();
  if (denomination === "" || denomination.startsWith("без номинала")) return false;
  if (FORMER_ISSUERS.test(coin.country.trim()) || FORMER_ISSUERS.test(coin.issuer.trim())) return false;
  if (coin.country.trim().toLowerCase() === "россия") return /банк росси/i.test(coin.issuer);
  return true;
}

/** The rule alone: exempt for an investment coin that is legal tender and not proof; VAT otherwise. */
export function derivedVatTreatment(coin: CoinTaxFacts): VatTreatment {
  return coin.kind === "investment" && !isProof(coin.quality) && isLegalTender(coin) ? "exempt" : "included";
}

/** The coin's treatment: the operator's override when set, else the rule. */
export function vatTreatment(coin: CoinTaxFacts & { vatOverride: VatOverride }): VatTreatment {
  return coin.vatOverride ?? derivedVatTreatment(coin);
}

/** What the product page says about VAT, for a sale today. */
export function vatNotice(treatment: VatTreatment, today: Date = new Date()): string {
  return treatment === "exempt" ? "НДС не облагается" : `Цена включает НДС ${generalVatRate(today)} %`;
}
