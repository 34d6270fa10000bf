import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { accountUser } from "../auth/require-user.server.ts";
import { findProductBySlug } from "../catalog/products.server.ts";
import { isCoinSlug } from "../catalog/slug.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { databaseContext } from "../request/context.ts";
import { reviewAuthorName, reviewSchema, reviewTexts } from "../reviews/review-form.ts";
import { deleteReview, hasReceived, reviewOf, saveReview } from "../reviews/reviews.server.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { pageNotFound } from "../shared/not-found.ts";

/** The coin of /my/reviews/:slug; a malformed or unknown address, or a coin not on sale any more, is a 404. */
async function coinOf(context: Readonly<RouterContextProvider>, url: URL, slug: string | undefined) {
  const { db } = context.get(databaseContext);
  const coin = slug && isCoinSlug(slug) ? await findProductBySlug(db, slug) : undefined;
  if (!coin) pageNotFound(url.pathname);
  return { db, coin };
}

/** GET /my/reviews/:slug: the buyer's review of the coin (to write or change), or why they may not write one. */
export async function loadReviewPage(context: Readonly<RouterContextProvider>, url: URL, slug: string | undefined) {
  const user = accountUser(context);
  const { db, coin } = await coinOf(context, url, slug);
  const [received, review] = await Promise.all([hasReceived(db, user.id, coin.id), reviewOf(db, user.id, coin.id)]);
  return {
    coin: { name: coin.name, slug: coin.slug, image: coin.images[0] ?? null },
    mayWrite: received,
    // The signature a new review would carry, from the profile as it is now.
    signature: reviewAuthorName(user),
    review: review
      ? { rating: review.rating, text: review.text, status: review.status, hiddenReason: review.hiddenReason, authorName: review.authorName }
      : null,
  };
}

/**
 * POST /my/reviews/:slug: saves the review («save») or deletes it («delete»); back to the coin's
 * page with a notice. A form the schema refuses comes back with its messages.
 */
export async function handleReviewForm(request: Request, context: Readonly<RouterContextProvider>, url: URL, slug: string | undefined) {
  const user = accountUser(context);
  const { db, coin } = await coinOf(context, url, slug);
  const form = await readFormBody(request);
  const back = async (kind: "success" | "error", message: string, to = `/products/${coin.slug}#reviews`) =>
    redirect(to, { status: 303, headers: { "Set-Cookie": await flashHeader({ kind, message }) } });
  if (form.get("intent") === "delete") {
    await deleteReview(db, user.id, coin.id);
    return back("success", reviewTexts.deleted);
  }
  const submission = parseWithZod(form, { schema: reviewSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await saveReview(db, user, coin.id, submission.value);
  if (!saved.ok) return data(submission.reply({ formErrors: [saved.reason] }), { status: 403 });
  return back("success", reviewTexts.saved);
}
