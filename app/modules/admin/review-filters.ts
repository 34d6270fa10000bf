import { z } from "zod";
import { reviewStatuses, type ReviewStatus } from "../db/column-values.ts";

/** The list's status from the address: the waiting ones unless another is named. */
export const statusFilter = z.enum(reviewStatuses).catch("pending");

/** The list's address for a status and page (page 1 without its number). */
export function reviewsHref(status: ReviewStatus, page = 1): string {
  const params = new URLSearchParams(status === "pending" ? {} : { status });
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/reviews${query ? `?${query}` : ""}`;
}
