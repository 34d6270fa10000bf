import { z } from "zod";
import { adminListHref, filledFields } from "../shared/list-href.ts";
import { dateFilter } from "../forms/fields.ts";

export const AUDIT_PAGE_SIZE = 50;

/** The audit log's filters, read from the address (a GET form). */
export const auditFiltersSchema = z.object({
  /** The member's phone as written in the rows (+7XXXXXXXXXX), or "cli" for the operator's commands. */
  who: z
    .string()
    .trim()
    .max(20, "Неизвестный сотрудник")
    .regex(/^(\+7\d{10}|cli)$/, "Неизвестный сотрудник")
    .optional(),
  action: z
    .string()
    .trim()
    .max(60, "Неизвестное действие")
    .regex(/^[a-z][a-z0-9._-]*$/, "Неизвестное действие")
    .optional(),
  /** A fragment of what it was done to: an order's number, a request's В-number, a phone. */
  object: z.string().trim().max(100, "Объект: не больше 100 символов").optional(),
  from: dateFilter.optional(),
  to: dateFilter.optional(),
  page: z.coerce.number({ error: "Номер страницы — число" }).int().min(1).max(100_000).default(1),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export function parseAuditFilters(params: URLSearchParams): { filters: AuditFilters; errors: string[] } {
  const parsed = auditFiltersSchema.safeParse(filledFields(params));
  return parsed.success ? { filters: parsed.data, errors: [] } : { filters: { page: 1 }, errors: parsed.error.issues.map((issue) => issue.message) };
}

export function auditListHref(filters: AuditFilters, page: number): string {
  return adminListHref("/admin/audit", filters, page);
}
