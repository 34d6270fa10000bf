/**
 * The values of the schema's text columns and the shapes of its JSON columns that the areas
 * name too: kept in this pure file (no database code) so that schema.ts need not import the
 * areas above it, and the browser's code (the buy-back form, the discount note) may import them.
 */

/** What a coin is made of: a product, a buy-back offer, a promotion's selector, a price. */
export const metals = ["gold", "silver"] as const;
export type Metal = (typeof metals)[number];

/** Where a buy-back request stands */
export const buybackStatuses = ["new", "contacted", "offered", "agreed", "completed", "rejected"] as const;
export type BuybackStatus = (typeof buybackStatuses)[number];

/** Where a buyer's review of a coin stands: waiting for staff, shown on the coin's page, or hidden with a reason. */
export const reviewStatuses = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** Where a buyer's return request stands: new → approved → received → refunded, or refused (with a reason) before the money goes. */
export const returnStatuses = ["new", "approved", "received", "refunded", "refused"] as const;
export type ReturnStatus = (typeof returnStatuses)[number];
/** The statuses of a request still open: an order has at most one at a time. */
export const openReturnStatuses = ["new", "approved", "received"] as const satisfies readonly ReturnStatus[];

/** How the buyer gives the coins back: brings them to the return address, or sends them by post or CDEK. */
export const returnHandovers = ["bring", "send"] as const;
export type ReturnHandover = (typeof returnHandovers)[number];

/** One order line of a return: the pieces asked back, with the name and price the order had. */
export type ReturnLine = { orderLineId: number; name: string; quantity: number; priceRub: number };

/** The coin's condition as the seller states it; each grade changes the price by the operator's percentage. */
export const buybackGrades = ["excellent", "good", "defects"] as const;
export type BuybackGrade = (typeof buybackGrades)[number];

/** Which coins a promotion is for; every given field must match (an empty selector is refused on import). */
export type CoinSelector = { skus?: string[]; series?: string; metal?: Metal };

export type PromotionRule =
  /** From `minQuantity` pieces of the selected coins in one order, each one's premium is `premiumPoints` lower. */
  | { kind: "premium-discount"; coins: CoinSelector; minQuantity: number; premiumPoints: number }
  /** From a goods total of `minGoodsTotal` roubles, the listed delivery ids cost nothing. */
  | { kind: "free-delivery"; deliveries: number[]; minGoodsTotal: number };

/** From `minQuantity` pieces of one coin in the order, its premium is `premiumPoints` lower. */
export type QuantityTier = { minQuantity: number; premiumPoints: number };

/** The discount of a line, kept with the order line as it was applied. */
export type LineDiscount = {
  source: "promotion" | "tier";
  /** The promotion's id (source "promotion"). */
  promotionId: number | null;
  /** "Акция: …" or "Скидка от 10 шт." — what the buyer reads next to the line. */
  title: string;
  premiumPoints: number;
  /** Roubles off each coin (the base price less the discounted one). */
  perCoin: number;
};

/** Order statuses: the life of an order from placing to completion. */
export const orderStatuses = ["new", "awaiting_payment", "paid", "assembling", "shipped", "ready_for_pickup", "completed", "cancelled", "on_review"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** How an order taken by staff came in (orders.channel); null there for the web cart. */
export const orderChannels = ["phone", "messenger", "office"] as const;
export type OrderChannel = (typeof orderChannels)[number];
/** The organisation or entrepreneur (ИП) an order is bought for and invoiced to (invoices/company.ts checks it). */
export type OrderCompany = {
  kind: "organisation" | "entrepreneur";
  inn: string;
  /** Organisations only; an ИП has none. */
  kpp: string | null;
  name: string;
  legalAddress: string;
  contactPerson: string;
};

/** One incoming payment of an uploaded bank statement (invoices/bank-statement.ts StatementPayment). Sums in kopecks. */
export type StoredStatementPayment = {
  number: string;
  date: string;
  amountKopecks: number;
  payerInn: string;
  payerName: string;
  payerAccount: string;
  purpose: string;
  key: string;
};

/**
 * The checkout token of the order a pre-order becomes (unique: no pre-order becomes two orders; its
 * identification is kept under it). Here, below both, because the order's messages and page tell
 * from it that the order came from a pre-order, with no column of its own.
 */
export const preorderToken = (preorderId: number) => `preorder:${preorderId}`;

/** Whether an order's checkout token is a pre-order's: the order was served from the line. */
export const isPreorderToken = (token: string | null | undefined): boolean => /^preorder:\d+$/.test(token ?? "");
