import { formatNumber } from "../shared/format.ts";
import { capitalise } from "../shared/sentences.ts";
import type { BuybackGrade, BuybackStatus } from "../db/column-values.ts";

/** What the seller and the staff call each step. */
export const buybackStatusLabels: Record<BuybackStatus, string> = {
  new: "Новая",
  contacted: "Оценщик связался",
  offered: "Предложена другая цена",
  agreed: "Цена согласована",
  completed: "Выкуп завершён",
  rejected: "Отклонена",
};

/**
 * Where a request may go from each step (new → contacted → agreed →
 * completed | rejected, with the staff's counter-offer between): one table for the back
 * office and the tests.
 */
export const buybackTransitions: Record<BuybackStatus, readonly BuybackStatus[]> = {
  new: ["contacted", "agreed", "offered", "rejected"],
  contacted: ["agreed", "offered", "rejected"],
  offered: ["agreed", "offered", "rejected"],
  agreed: ["completed", "rejected"],
  completed: [],
  rejected: [],
};

/** While a request is open its quote may be made again; after an answer the price is the answer's. */
export const quotedStatuses: readonly BuybackStatus[] = ["new", "contacted"];

/** The seller's words for a coin's condition. */
export const buybackGradeLabels: Record<BuybackGrade, string> = {
  excellent: "отличное",
  good: "хорошее",
  defects: "с дефектами",
};

/** What each grade means, said under the price table, whose columns are the grades. */
export const buybackGradeHints: Record<BuybackGrade, string> = {
  excellent: "без повреждений и следов чистки, в оригинальной капсуле",
  good: "лёгкие следы обращения, мелкие потёртости",
  defects: "царапины, вмятины, следы чистки или окисления",
};

/** A grade as the price table's column and the form's choice both name it: "Хорошее (−3 %)". */
export function buybackGradeTitle(grade: BuybackGrade, percents: GradePercents): string {
  const percent = percents[grade];
  return `${capitalise(buybackGradeLabels[grade])}${percent === 0 ? "" : ` (${formatPercent(percent)})`}`;
}

/** What each grade does to the price until the operator sets their own (percent; −5 is five percent less). */
export const defaultGradePercents: Record<BuybackGrade, number> = { excellent: 0, good: -3, defects: -15 };

export type GradePercents = Record<BuybackGrade, number>;

/** A grade's percentage as the pages show it: "−3 %", "+2 %", "−2,50 %" (never broken before the sign). */
export function formatPercent(value: number): string {
  return `${value > 0 ? "+" : value < 0 ? "−" : ""}${formatNumber(Math.abs(value), value % 1 === 0 ? 0 : 2)}\u00a0%`;
}

/** The number a seller quotes on the phone and in the office: "В-000042". */
export function buybackQuoteNumber(id: number): string {
  return `В-${String(id).padStart(6, "0")}`;
}

/** A request's id from what staff type: "В-000042", "b-42", "42"; null when it is not one. */
export function parseBuybackQuoteNumber(input: string): number | null {
  const match = /^\s*(?:[ВвBb]\s*-?\s*)?0*(\d{1,9})\s*$/.exec(input);
  return match ? Number(match[1]) : null;
}
