import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { certificates, partners } from "../db/schema.ts";
import { createReadCache } from "../shared/read-cache.ts";

export type Partner = typeof partners.$inferSelect;
export type Certificate = typeof certificates.$inferSelect;

// Both change only by import: read from memory for a short time.
const partnersCache = createReadCache<Partner[]>({ tag: "content" });
const certificatesCache = createReadCache<Certificate[]>({ tag: "content" });

/** Partners in the operator's order. */
export function listPartners(db: Database): Promise<Partner[]> {
  return partnersCache.get(db, "all", () => db.select().from(partners).where(eq(partners.published, true)).orderBy(asc(partners.position), asc(partners.name)));
}

/** Partners grouped by category, the groups in the order of their first partner. */
export function groupPartners<T extends { category: string }>(list: T[]): { category: string; partners: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const partner of list) {
    const group = groups.get(partner.category);
    if (group) group.push(partner);
    else groups.set(partner.category, [partner]);
  }
  return [...groups].map(([category, members]) => ({ category, partners: members }));
}

/** Certificates in the operator's order. */
export function listCertificates(db: Database): Promise<Certificate[]> {
  return certificatesCache.get(db, "all", () =>
    db.select().from(certificates).where(eq(certificates.published, true)).orderBy(asc(certificates.position), asc(certificates.title)),
  );
}
