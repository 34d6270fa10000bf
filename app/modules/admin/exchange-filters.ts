import { z } from "zod";
import { dateFilter, listPageField } from "../forms/fields.ts";
import { adminListHref, filledFields } from "../shared/list-href.ts";

/** The exchange log's filters on «Обмен с 1С», read from the address (a GET form): days (Moscow, inclusive), kind, with errors, page. */
export const exchangeLogFiltersSchema = z.object({
  from: dateFilter.optional(),
  to: dateFilter.optional(),
  type: z.enum(["catalog", "sale", "refused"], { error: "Неизвестный вид обмена" }).optional(),
  errors: z.literal("1", { error: "Неизвестный отбор по ошибкам" }).optional(),
  page: listPageField,
});

export type ExchangeLogFilters = z.infer<typeof exchangeLogFiltersSchema>;

export function parseExchangeLogFilters(params: URLSearchParams): { filters: ExchangeLogFilters; errors: string[] } {
  const parsed = exchangeLogFiltersSchema.safeParse(filledFields(params));
  if (parsed.success) return { filters: parsed.data, errors: [] };
  return { filters: { page: 1 }, errors: parsed.error.issues.map((issue) => issue.message) };
}

/** A page of the log with the same filters (the page's other forms are above it). */
export function exchangeLogHref(filters: ExchangeLogFilters, page: number): string {
  return `${adminListHref("/admin/exchange", filters, page)}#exchange-log`;
}
