import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { flashHeader } from "../flash/flash.server.ts";
import { readForm } from "../forms/read-form.ts";
import { databaseContext } from "../request/context.ts";
import { HIDE_REASON_MAX, reviewTexts } from "../reviews/review-form.ts";
import { moderateReview, pendingReviewCount, reviewQueue } from "../reviews/reviews.server.ts";
import { reviewStatusLabels } from "../reviews/review-words.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { parsePageNumber } from "../shared/not-found.ts";
import { staffActorContext } from "../staff/context.ts";
import { reviewsHref, statusFilter } from "./review-filters.ts";

/** GET /admin/reviews: one status's reviews (those waiting first, oldest change first), twenty a page. */
export async function loadReviewQueue(context: Readonly<RouterContextProvider>, url: URL) {
  const { db } = context.get(databaseContext);
  const status = statusFilter.parse(url.searchParams.get("status"));
  const page = parsePageNumber(url.searchParams.get("page") ?? undefined, url.pathname);
  const [queue, pending] = await Promise.all([reviewQueue(db, status, page), pendingReviewCount(db)]);
  return {
    status,
    pending,
    ...queue,
    rows: queue.rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString(), version: row.updatedAt.getTime() })),
  };
}

/** The moderation forms: publish, or hide with the reason the author will read. */
export const moderationSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("publish"), id: z.coerce.number().int().min(1).max(2_147_483_647), version: z.coerce.number().int().min(0) }),
    z.object({
      intent: z.literal("hide"),
      id: z.coerce.number().int().min(1).max(2_147_483_647),
      version: z.coerce.number().int().min(0),
      reason: z
        .string({ error: reviewTexts.hideReason })
        .trim()
        .min(3, reviewTexts.hideReason)
        .max(HIDE_REASON_MAX, `Причина: не больше ${HIDE_REASON_MAX} символов`),
    }),
  ],
  { error: "Неизвестное действие" },
);

/** POST /admin/reviews: one review published or hidden, audited; back to the same list with a notice. */
export async function handleModeration(request: Request, context: Readonly<RouterContextProvider>, url: URL) {
  const back = reviewsHref(statusFilter.parse(url.searchParams.get("status")));
  const parsed = readForm(await readFormBody(request), moderationSchema);
  let notice: { kind: "success" | "error"; message: string };
  if (!parsed.ok) {
    notice = { kind: "error", message: parsed.reason };
  } else {
    const { intent, id, version } = parsed.value;
    const result = await moderateReview(
      context.get(databaseContext).db,
      context.get(staffActorContext),
      id,
      version,
      intent === "publish" ? { kind: "publish" } : { kind: "hide", reason: parsed.value.reason },
    );
    notice = result.ok
      ? { kind: "success", message: `Отзыв ${id}: ${reviewStatusLabels[result.from]} → ${reviewStatusLabels[result.to]}.` }
      : { kind: "error", message: result.reason };
  }
  return redirect(back, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}
