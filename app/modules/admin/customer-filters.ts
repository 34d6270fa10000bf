import { z } from "zod";
import { adminListHref, filledFields } from "../shared/list-href.ts";

export const CUSTOMERS_PAGE_SIZE = 50;

/** The customers list's search, read from the address (a GET form). */
export const customerFiltersSchema = z.object({
  q: z.string().trim().max(100, "Не больше 100 символов").optional(),
  page: z.coerce.number({ error: "Номер страницы — число" }).int().min(1).max(100_000).default(1),
});
export type CustomerFilters = z.infer<typeof customerFiltersSchema>;

export function parseCustomerFilters(params: URLSearchParams): { filters: CustomerFilters; errors: string[] } {
  const parsed = customerFiltersSchema.safeParse(filledFields(params));
  return parsed.success ? { filters: parsed.data, errors: [] } : { filters: { page: 1 }, errors: parsed.error.issues.map((issue) => issue.message) };
}

export function customerListHref(filters: CustomerFilters, page: number): string {
  return adminListHref("/admin/customers", filters, page);
}
