/**
 * Content items in and out of the database, for the import and export command and the
 * demo-data seeders. Writing creates each item or updates the one with its key (path,
 * slug, id); items not written are left as they are.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { articles, certificates, pages, partners, promotions, reviews } from "../db/schema.ts";
import type { ContentEntry, ContentKind } from "./content-files.ts";

export type WriteCounts = Partial<Record<ContentKind, number>>;

const now = sql`now()`;

/**
 * "replace": an item with the same key is overwritten (import). "missing": only what is not
 * there yet is added, and a page only gets a body while it has none (demo data: what the
 * operator changed stays).
 */
export type WriteMode = "replace" | "missing";

/** Writes every item; the caller runs it in a transaction when all or nothing must happen. */
export async function writeContent(db: Database, entries: ContentEntry[], mode: WriteMode = "replace"): Promise<WriteCounts> {
  const counts: WriteCounts = {};
  for (const entry of entries) {
    await (mode === "replace" ? writeEntry(db, entry) : addEntry(db, entry));
    counts[entry.kind] = (counts[entry.kind] ?? 0) + 1;
  }
  return counts;
}

async function writeEntry(db: Database, entry: ContentEntry): Promise<void> {
  switch (entry.kind) {
    case "page": {
      const values = { title: entry.title, description: entry.description, body: entry.body };
      await db
        .insert(pages)
        .values({ path: entry.path, ...values })
        .onConflictDoUpdate({ target: pages.path, set: { ...values, updatedAt: now } });
      return;
    }
    case "news":
    case "case":
    case "training": {
      if (entry.legacyId !== null) {
        // The old id moves to this article: whichever article had it before loses it.
        await db
          .update(articles)
          .set({ legacyId: null, updatedAt: now })
          .where(and(eq(articles.kind, entry.kind), eq(articles.legacyId, entry.legacyId), ne(articles.slug, entry.slug)));
      }
      const values = {
        title: entry.title,
        description: entry.description,
        body: entry.body,
        cover: entry.cover,
        videoUrl: entry.video,
        legacyId: entry.legacyId,
        publishedAt: entry.date,
      };
      await db
        .insert(articles)
        .values({ kind: entry.kind, slug: entry.slug, ...values })
        .onConflictDoUpdate({ target: [articles.kind, articles.slug], set: { ...values, updatedAt: now } });
      return;
    }
    case "promo": {
      const values = {
        title: entry.title,
        description: entry.description,
        body: entry.body,
        cover: entry.cover,
        startsOn: entry.starts,
        endsOn: entry.ends,
        rule: entry.rule,
      };
      await db
        .insert(promotions)
        .values({ id: entry.id, ...values })
        .onConflictDoUpdate({ target: promotions.id, set: { ...values, updatedAt: now } });
      return;
    }
    case "review": {
      const values = { author: entry.author, city: entry.city, rating: entry.rating, body: entry.body, reply: entry.reply, publishedOn: entry.date };
      await db
        .insert(reviews)
        .values({ id: entry.id, ...values })
        .onConflictDoUpdate({ target: reviews.id, set: { ...values, updatedAt: now } });
      return;
    }
    case "partner": {
      const values = { name: entry.name, category: entry.category, url: entry.url, logo: entry.logo, body: entry.body, position: entry.position };
      await db
        .insert(partners)
        .values({ slug: entry.slug, ...values })
        .onConflictDoUpdate({ target: partners.slug, set: { ...values, updatedAt: now } });
      return;
    }
    case "certificate": {
      const values = { title: entry.title, image: entry.image, body: entry.body, position: entry.position };
      await db
        .insert(certificates)
        .values({ slug: entry.slug, ...values })
        .onConflictDoUpdate({ target: certificates.slug, set: { ...values, updatedAt: now } });
      return;
    }
  }
}

async function addEntry(db: Database, entry: ContentEntry): Promise<void> {
  if (entry.kind === "page") {
    const values = { title: entry.title, description: entry.description, body: entry.body };
    await db
      .insert(pages)
      .values({ path: entry.path, ...values })
      .onConflictDoUpdate({ target: pages.path, set: { ...values, updatedAt: now }, setWhere: sql`${pages.body} = ''` });
    return;
  }
  const exists = await (async () => {
    switch (entry.kind) {
      case "news":
      case "case":
      case "training":
        return (
          (
            await db
              .select({ id: articles.id })
              .from(articles)
              .where(and(eq(articles.kind, entry.kind), eq(articles.slug, entry.slug)))
          ).length > 0 ||
          (entry.legacyId !== null &&
            (
              await db
                .select({ id: articles.id })
                .from(articles)
                .where(and(eq(articles.kind, entry.kind), eq(articles.legacyId, entry.legacyId)))
            ).length > 0)
        );
      case "promo":
        return (await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, entry.id))).length > 0;
      case "review":
        return (await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, entry.id))).length > 0;
      case "partner":
        return (await db.select({ slug: partners.slug }).from(partners).where(eq(partners.slug, entry.slug))).length > 0;
      case "certificate":
        return (await db.select({ slug: certificates.slug }).from(certificates).where(eq(certificates.slug, entry.slug))).length > 0;
    }
  })();
  if (!exists) await writeEntry(db, entry);
}

/** Every content item in the database, as the files of an export would hold them. */
export async function readContent(db: Database): Promise<ContentEntry[]> {
  const [pageRows, articleRows, promoRows, reviewRows, partnerRows, certificateRows] = await Promise.all([
    db.select().from(pages).orderBy(asc(pages.path)),
    db.select().from(articles).orderBy(asc(articles.kind), asc(articles.publishedAt), asc(articles.id)),
    db.select().from(promotions).orderBy(asc(promotions.id)),
    db.select().from(reviews).orderBy(asc(reviews.id)),
    db.select().from(partners).orderBy(asc(partners.position), asc(partners.slug)),
    db.select().from(certificates).orderBy(asc(certificates.position), asc(certificates.slug)),
  ]);
  return [
    ...pageRows.map((row): ContentEntry => ({ kind: "page", path: row.path, title: row.title, description: row.description, body: row.body })),
    ...articleRows.map((row): ContentEntry => ({
      kind: row.kind,
      slug: row.slug,
      title: row.title,
      description: row.description,
      date: row.publishedAt,
      cover: row.cover,
      video: row.videoUrl,
      legacyId: row.legacyId,
      body: row.body,
    })),
    ...promoRows.map((row): ContentEntry => ({
      kind: "promo",
      id: row.id,
      title: row.title,
      description: row.description,
      starts: row.startsOn,
      ends: row.endsOn,
      cover: row.cover,
      rule: row.rule,
      body: row.body,
    })),
    ...reviewRows.map((row): ContentEntry => ({
      kind: "review",
      id: row.id,
      author: row.author,
      city: row.city,
      rating: row.rating,
      date: row.publishedOn,
      reply: row.reply,
      body: row.body,
    })),
    ...partnerRows.map((row): ContentEntry => ({
      kind: "partner",
      slug: row.slug,
      name: row.name,
      category: row.category,
      url: row.url,
      logo: row.logo,
      position: row.position,
      body: row.body,
    })),
    ...certificateRows.map((row): ContentEntry => ({
      kind: "certificate",
      slug: row.slug,
      title: row.title,
      image: row.image,
      position: row.position,
      body: row.body,
    })),
  ];
}
