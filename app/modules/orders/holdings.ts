/**
 * The buyer's coins bought here: what was paid, what the coin costs today,
 * what the shop would pay for it today, and the gain or loss. The gain is counted against the
 * buy-back price, the money the buyer would actually get by selling today (decision 020).
 * Pure: bought lines and today's prices in, lines and totals out.
 */
export type BoughtLine = { productId: number; slug: string | null; name: string; quantity: number; paid: number };

/** Today's prices of one coin, whole roubles; null while there are no quotes. */
export type TodayPrices = { price: number | null; buyback: number | null };

export type HoldingLine = {
  productId: number;
  slug: string | null;
  name: string;
  quantity: number;
  /** What the buyer paid for all these coins, roubles. */
  paid: number;
  /** Today's sale price per coin. */
  price: number | null;
  /** Today's buy-back price per coin. */
  buyback: number | null;
  /** quantity × buy-back − paid; null without a buy-back price. */
  gain: number | null;
  /** gain / paid, percent with one decimal. */
  gainPercent: number | null;
};

export type Holdings = { lines: HoldingLine[]; paid: number; buybackValue: number | null; gain: number | null; gainPercent: number | null };

const percentOf = (gain: number, paid: number) => (paid > 0 ? Math.round((gain / paid) * 1000) / 10 : 0);

/** One line per coin (a coin bought in several orders is added up), then the totals. */
export function holdings(bought: BoughtLine[], today: (productId: number) => TodayPrices): Holdings {
  const byCoin = new Map<number, BoughtLine>();
  for (const line of bought) {
    const seen = byCoin.get(line.productId);
    byCoin.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity, paid: seen.paid + line.paid } : { ...line });
  }
  const lines = [...byCoin.values()].map((line): HoldingLine => {
    const { price, buyback } = today(line.productId);
    const gain = buyback !== null ? buyback * line.quantity - line.paid : null;
    return { ...line, price, buyback, gain, gainPercent: gain !== null ? percentOf(gain, line.paid) : null };
  });
  const paid = lines.reduce((sum, line) => sum + line.paid, 0);
  const known = lines.every((line) => line.buyback !== null);
  const buybackValue = known ? lines.reduce((sum, line) => sum + line.buyback! * line.quantity, 0) : null;
  const gain = buybackValue !== null ? buybackValue - paid : null;
  return { lines, paid, buybackValue, gain, gainPercent: gain !== null ? percentOf(gain, paid) : null };
}
