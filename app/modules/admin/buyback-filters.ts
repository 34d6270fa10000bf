import { z } from "zod";
import { buybackStatuses } from "../db/column-values.ts";
import { adminListHref, filledFields } from "../shared/list-href.ts";

/** The queue's filters, read from the address (a GET form). */
export const buybackFiltersSchema = z.object({
  status: z.enum(buybackStatuses, { error: "Неизвестный статус" }).optional(),
  q: z.string().trim().max(100, "Не больше 100 символов").optional(),
  page: z.coerce.number({ error: "Номер страницы — число" }).int().min(1).max(100_000).default(1),
});
export type BuybackListFilters = z.infer<typeof buybackFiltersSchema>;

export function parseBuybackFilters(params: URLSearchParams): { filters: BuybackListFilters; errors: string[] } {
  const parsed = buybackFiltersSchema.safeParse(filledFields(params));
  return parsed.success ? { filters: parsed.data, errors: [] } : { filters: { page: 1 }, errors: parsed.error.issues.map((issue) => issue.message) };
}

export function buybackListHref(filters: BuybackListFilters, page: number): string {
  return adminListHref("/admin/buyback", filters, page);
}
