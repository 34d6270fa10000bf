// Buyers' reviews of coins, with JavaScript off (decision 060): a buyer who received a coin (a
// completed order) rates it 1–5 with a text and may change or delete it; nobody else may write one;
// staff of the content role publish or hide it with a reason the author reads; the coin's page
// (a page the shared cache keeps), its reviews page, the catalogue's card and the Product JSON-LD
// show only what staff published, and a change shows at once.
import { describe, expect, it } from "vitest";
import { changeOrderStatus } from "#app/modules/orders/operator.server.ts";
import { newPhone, productIdOf, signIn } from "#tests/support/buyer.ts";
import { attributeOf, byTestId, jsonLdBlocks, selectAll, selectIn, textByTestId, textContent, textOf } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";
import { addStaffMembers } from "#tests/support/staff.ts";

const slug = "georgiy-pobedonosec-50-rubley-mmd";
const otherSlug = "georgiy-pobedonosec-50-rubley-spmd";
const content = newPhone();
const manager = newPhone();
const owner = newPhone();
const orders: Record<"anna" | "boris" | "vera", TestOrder | undefined> = { anna: undefined, boris: undefined, vera: undefined };

const shop = runningShop({
  prepare: async (database) => {
    await addStaffMembers(database, [
      { phone: content.typed, role: "content", name: "Контент" },
      { phone: manager.typed, role: "manager", name: "Менеджер" },
      { phone: owner.typed, role: "owner", name: "Владелец" },
    ]);
    await database.use(async ({ db }) => {
      // Three buyers whose orders of the coin were delivered (each is «Иван», told apart by the last name's initial).
      for (const [who, lastName] of [
        ["anna", "Кузнецова"],
        ["boris", "Орлов"],
        ["vera", "Смирнова"],
      ] as const) {
        const order = await placeTestOrder(db, { lines: [{ productId: productIdOf(slug), quantity: 1 }], lastName });
        await changeOrderStatus(db, order.number, "paid");
        await changeOrderStatus(db, order.number, "assembling");
        await changeOrderStatus(db, order.number, "shipped", { trackingNumber: "RB123456789RU" });
        expect((await changeOrderStatus(db, order.number, "completed")).ok).toBe(true);
        orders[who] = order;
      }
    });
  },
  timeoutMs: 240_000,
});

const signedIn = new Map<string, Promise<ShopClient>>();

/** A buyer of one of the prepared orders, signed in once with its phone (a known buyer: no step 3). */
function buyerOf(order: TestOrder | undefined): Promise<ShopClient> {
  const phone = order!.phone;
  if (!signedIn.has(phone)) {
    signedIn.set(
      phone,
      (async () => {
        const client = new ShopClient(shop.url);
        await client.get("/");
        await signIn(client, shop.smsOutbox, phone, { register: false });
        return client;
      })(),
    );
  }
  return signedIn.get(phone)!;
}

/** A member of staff, signed in once. */
function staffOf(phone: typeof content): Promise<ShopClient> {
  if (!signedIn.has(phone.normal)) signedIn.set(phone.normal, shop.staff(phone));
  return signedIn.get(phone.normal)!;
}

async function writeReview(client: ShopClient, fields: Record<string, string>, coin = slug) {
  return client.postForm(`/my/reviews/${coin}`, { intent: "save", ...fields });
}

/** The review's id and version as the staff's queue shows them. */
async function queued(staff: ShopClient, author: string, status = "pending") {
  const page = await staff.html(`/admin/reviews${status === "pending" ? "" : `?status=${status}`}`);
  const item = byTestId(page, "queued-review").find((element) => textOf(element).includes(author));
  if (!item) return undefined;
  const form = selectIn(item, "form");
  return { id: attributeOf(item, "data-review-id")!, version: attributeOf(selectIn(form, 'input[name="version"]'), "value")! };
}

async function moderate(staff: ShopClient, review: { id: string; version: string }, fields: Record<string, string>) {
  const answer = await staff.postForm("/admin/reviews", { id: review.id, version: review.version, ...fields });
  expect(answer.status).toBe(303);
  return textByTestId(await staff.html(answer.headers.get("location")!), "flash");
}

const coinPage = () => shop.client().html(`/products/${slug}`);
const productLd = (page: string) => jsonLdBlocks(page).find((block) => block["@type"] === "Product")!;
const cardRating = async () => {
  const page = await shop.client().html("/catalog/gold");
  const card = byTestId(page, "product-card").find((element) => attributeOf(element, "data-product-id") === String(productIdOf(slug)));
  return textOf(selectIn(card, '[data-testid="card-rating"]')).replace(/\s+/g, " ").trim();
};

describe("reviews of a coin", () => {
  it("only a buyer who received the coin may write one; a visitor is sent to sign in", async () => {
    const anonymous = shop.client();
    const answer = await anonymous.get(`/my/reviews/${slug}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toContain("/login");

    const stranger = await shop.buyer();
    expect(textByTestId(await stranger.client.html(`/my/reviews/${slug}`), "review-refused")).toContain("в ваших выполненных заказах этой монеты нет");
    const refused = await writeReview(stranger.client, { rating: "5", text: "Монета отличная, советую всем." });
    expect(refused.status).toBe(403);
    expect(textContent(refused.text)).toContain("в ваших выполненных заказах этой монеты нет");
    // Anna received the MMD coin, not the SPMD one.
    const anna = await buyerOf(orders.anna);
    expect((await writeReview(anna, { rating: "5", text: "Монета отличная, советую всем." }, otherSlug)).status).toBe(403);
    expect((await anna.get("/my/reviews/no-such-coin")).status).toBe(404);
    expect((await anna.get("/my/reviews/..%2Fadmin")).status).toBe(404);
  });

  it("a form the shop cannot take comes back with Russian messages and saves nothing", async () => {
    const anna = await buyerOf(orders.anna);
    const answer = await writeReview(anna, { rating: "7", text: "Коротко" });
    expect(answer.status).toBe(400);
    const page = textContent(answer.text);
    expect(page).toContain("Поставьте оценку от 1 до 5");
    expect(page).toContain("Напишите хотя бы 10 символов");
    expect((await writeReview(anna, { rating: "5", text: "а".repeat(2001) })).status).toBe(400);
    expect(byTestId(await anna.html(`/my/reviews/${slug}`), "review-status")).toHaveLength(0);
  });

  it("a review waits for staff, then shows on the coin's page, its card, its reviews page and in its JSON-LD", async () => {
    // Kept by the shared page cache before anything was published.
    const before = await coinPage();
    expect(textByTestId(before, "coin-reviews")).toContain("Отзывов пока нет.");
    expect(productLd(before).aggregateRating).toBeUndefined();
    expect(productLd(before).review).toBeUndefined();

    const anna = await buyerOf(orders.anna);
    const saved = await writeReview(anna, { rating: "5", text: "Пришла быстро, в капсуле.\n\nСмотрите https://example.com/a?b=1 и <script>alert(1)</script>" });
    expect([saved.status, saved.headers.get("location")]).toEqual([303, `/products/${slug}#reviews`]);
    expect(textByTestId(await anna.html(`/products/${slug}`), "flash")).toBe("Спасибо! Отзыв появится на странице монеты после проверки.");
    expect(textByTestId(await anna.html(`/my/reviews/${slug}`), "review-status")).toContain("На проверке");
    // Waiting: nothing on the public pages yet.
    expect(textByTestId(await coinPage(), "coin-reviews")).toContain("Отзывов пока нет.");
    expect(await cardRating()).toBe("");

    // A manager may not moderate; the content role may.
    const managerClient = await staffOf(manager);
    expect((await managerClient.get("/admin/reviews")).status).toBe(403);
    const staff = await staffOf(content);
    const review = (await queued(staff, "Иван К."))!;
    expect(await moderate(staff, review, { intent: "publish" })).toBe(`Отзыв ${review.id}: На проверке → Опубликован.`);

    const after = await coinPage();
    expect(textByTestId(after, "rating-summary")?.replace(/\s+/g, " ")).toBe("★★★★★ 5 из 5 1 отзыв");
    const shown = byTestId(after, "review");
    expect(shown).toHaveLength(1);
    expect(textOf(shown[0])).toContain("Иван К.");
    // The words as written, escaped; the address a link that passes nothing on.
    expect(after).not.toContain("<script>alert(1)</script>");
    expect(textOf(shown[0])).toContain("<script>alert(1)</script>");
    const links = selectAll(after, '[data-testid="review"] a');
    expect(links.map((link) => [attributeOf(link, "href"), attributeOf(link, "rel")])).toEqual([
      ["https://example.com/a?b=1", "nofollow ugc noopener noreferrer"],
    ]);
    expect(productLd(after).aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(productLd(after).review).toEqual([
      expect.objectContaining({ "@type": "Review", author: { "@type": "Person", name: "Иван К." }, reviewRating: expect.objectContaining({ ratingValue: 5 }) }),
    ]);
    expect(await cardRating()).toBe("★ 5 из 5 · 1 отзыв");
    expect(textByTestId(await shop.client().html(`/products/${slug}/reviews`), "rating-summary")).toContain("1 отзыв");
    // The owner reads who published it.
    const audit = textByTestId(await (await staffOf(owner)).html("/admin/audit?action=review.publish"), "audit-table")!.replace(/\s+/g, " ");
    expect(audit).toContain("Отзыв опубликован");
    expect(audit).toContain(`Отзыв ${review.id}`);
    expect(audit).toContain("На проверке");
  });

  it("staff cannot publish words the author changed meanwhile; a changed review waits again; a hidden one tells its author why", async () => {
    const staff = await staffOf(content);
    const boris = await buyerOf(orders.boris);
    expect((await writeReview(boris, { rating: "2", text: "Царапина на аверсе, капсула треснула." })).status).toBe(303);
    const seen = (await queued(staff, "Иван О."))!;
    // Boris changes his words while staff read the old ones.
    expect((await writeReview(boris, { rating: "3", text: "Царапина на аверсе, но магазин заменил капсулу." })).status).toBe(303);
    expect(await moderate(staff, seen, { intent: "publish" })).toBe("Автор изменил отзыв, пока он был открыт: прочитайте новый текст.");
    const fresh = (await queued(staff, "Иван О."))!;
    expect(await moderate(staff, fresh, { intent: "publish" })).toContain("Опубликован");
    expect(textByTestId(await coinPage(), "rating-summary")).toContain("4 из 5");
    expect(await cardRating()).toBe("★ 4 из 5 · 2 отзыва");

    // Hidden with a reason: off the pages, and its author reads why.
    const published = (await queued(staff, "Иван О.", "published"))!;
    expect((await staff.postForm("/admin/reviews?status=published", { ...published, intent: "hide", reason: "" })).status).toBe(303);
    expect(textByTestId(await coinPage(), "rating-summary")).toContain("2 отзыва");
    expect(await moderate(staff, published, { intent: "hide", reason: "Отзыв о магазине, а не о монете" })).toContain("Опубликован → Скрыт");
    expect(textByTestId(await coinPage(), "rating-summary")).toContain("1 отзыв");
    expect(textByTestId(await boris.html(`/my/reviews/${slug}`), "review-status")).toContain("Скрыт. Причина: Отзыв о магазине, а не о монете");

    // Anna changes her published review: it leaves the page until staff read it again.
    const anna = await buyerOf(orders.anna);
    expect(textByTestId(await anna.html(`/my/reviews/${slug}`), "review-status")).toContain("Опубликован");
    expect((await writeReview(anna, { rating: "4", text: "Пришла быстро, в капсуле. Сертификата нет." })).status).toBe(303);
    expect(textByTestId(await coinPage(), "coin-reviews")).toContain("Отзывов пока нет.");
    expect(productLd(await coinPage()).aggregateRating).toBeUndefined();
    const changed = (await queued(staff, "Иван К."))!;
    expect(await moderate(staff, changed, { intent: "publish" })).toContain("Опубликован");
    expect(textByTestId(await coinPage(), "rating-summary")).toContain("4 из 5");
    expect(textByTestId(await anna.html("/my/coins"), "review-link")).toBe("Ваш отзыв: 4 из 5, опубликован");
  });

  it("two reviews published at once are both counted", async () => {
    const staff = await staffOf(content);
    const vera = await buyerOf(orders.vera);
    expect((await writeReview(vera, { rating: "1", text: "Монета пришла не та, что заказывала." })).status).toBe(303);
    const boris = (await queued(staff, "Иван О.", "hidden"))!;
    const veraReview = (await queued(staff, "Иван С."))!;
    await Promise.all([moderate(staff, boris, { intent: "publish" }), moderate(staff, veraReview, { intent: "publish" })]);
    const summary = textByTestId(await coinPage(), "rating-summary")!;
    // Anna 4, Boris 3, Vera 1.
    expect(summary).toContain("2,7 из 5");
    expect(summary).toContain("3 отзыва");
  });

  it("a buyer who deletes the review or the account takes it off the pages", async () => {
    const vera = await buyerOf(orders.vera);
    const deleted = await vera.postForm(`/my/reviews/${slug}`, { intent: "delete" });
    expect(deleted.status).toBe(303);
    expect(textByTestId(await vera.html(`/products/${slug}`), "flash")).toBe("Отзыв удалён.");
    expect(textByTestId(await coinPage(), "rating-summary")).toContain("3,5 из 5");

    const boris = await buyerOf(orders.boris);
    expect((await boris.postForm("/my/privacy", { intent: "delete", confirm: "on" })).status).toBe(303);
    const summary = textByTestId(await coinPage(), "rating-summary")!;
    expect(summary).toContain("4 из 5");
    expect(summary).toContain("1 отзыв");
  });
});
