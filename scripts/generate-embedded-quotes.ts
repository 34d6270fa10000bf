// Generates app/modules/quotes/embedded-series.json: a year of DEMO daily quotes for
// gold and silver (roubles per gram) and the dollar (roubles), used by the `embedded`
// quotes provider. Not market data: a seeded random walk around realistic 2026 levels,
// bent so that its last day meets its first, because the provider repeats it year after year.
// Run: node scripts/generate-embedded-quotes.ts
import { writeFileSync } from "node:fs";
import { mulberry32 } from "../app/modules/shared/seeded-random.ts";

const DAYS = 364; // 52 whole weeks, so weekdays stay weekdays when the year repeats

function gaussian(next: () => number) {
  const u = Math.max(next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

/** A random walk of daily log-returns, turned into a bridge that starts and ends at `level`. */
function series(seed: number, level: number, dailyVolatility: number, decimals: number) {
  const next = mulberry32(seed);
  const logs = [0];
  for (let day = 1; day < DAYS; day++) logs.push(logs[day - 1]! + gaussian(next) * dailyVolatility);
  const end = logs[DAYS - 1]!;
  return logs.map((value, day) => {
    const bridged = value - (end * day) / (DAYS - 1);
    return Number((level * Math.exp(bridged)).toFixed(decimals));
  });
}

const output = {
  note: "Демо-данные: смоделированные котировки, не рыночные. Значения по дням; день 0 — понедельник.",
  unit: { XAU_RUB: "RUB per gram", XAG_RUB: "RUB per gram", USD_RUB: "RUB per USD" },
  days: DAYS,
  series: {
    XAU_RUB: series(20260101, 10_950, 0.0095, 2),
    XAG_RUB: series(20260202, 142.5, 0.016, 2),
    USD_RUB: series(20260303, 79.4, 0.0055, 4),
  },
};

writeFileSync(new URL("../app/modules/quotes/embedded-series.json", import.meta.url), `${JSON.stringify(output)}\n`);
console.log("written", DAYS, "days");
