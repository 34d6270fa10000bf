/**
 * Returns of goods bought at a distance (Закон «О защите прав потребителей», ст. 26.1): whether the
 * shop takes them through the site, in how many days after receipt, and where the coins go back.
 * Settings (RETURNS_ACCEPTED, RETURN_PERIOD_DAYS, RETURN_ADDRESS); the rules are in modules/returns.
 */
export type ReturnSettings = {
  /** Whether a buyer may ask for a return of a received order on the site. */
  accepted: boolean;
  /** Calendar days (Moscow) after the day of receipt in which a return may be asked for. */
  periodDays: number;
  /** Where coins are brought or sent back; null: the shop's office (shop/contacts). */
  address: string | null;
};

/** The law's floor: a buyer told the terms in writing has 7 days, so the setting may not be shorter. */
export const MIN_RETURN_PERIOD_DAYS = 7;
