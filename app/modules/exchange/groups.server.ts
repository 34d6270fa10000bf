import { asc, inArray, ne } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { catalogSections, exchangeGroups } from "../db/schema.ts";
import type { Outcome } from "../shared/failure.ts";
import { cliActor, type StaffActor, writeAudit } from "../audit/audit.server.ts";

/**
 * 1C's groups → the catalogue's sections (decision 053). A section is a saved filter, so a group
 * mapped to it gives a new good of the group the section's values (metal, kind, series…), and the
 * coin, once published, is in that section. Coins already on sale keep their own values.
 */

/** At most this many groups are listed and mapped on the page: a dealer's classifier has dozens. */
export const MAX_LISTED_GROUPS = 500;

export async function listExchangeGroups(db: Database) {
  return db
    .select({ id: exchangeGroups.id, name: exchangeGroups.name, parentId: exchangeGroups.parentId, sectionPath: exchangeGroups.sectionPath })
    .from(exchangeGroups)
    .orderBy(asc(exchangeGroups.name), asc(exchangeGroups.id))
    .limit(MAX_LISTED_GROUPS);
}

/** The sections a group may be mapped to: every one but the whole catalogue (its filter is empty). */
export async function mappableSections(db: Database) {
  return db
    .select({ path: catalogSections.path, title: catalogSections.title })
    .from(catalogSections)
    .where(ne(catalogSections.path, ""))
    .orderBy(asc(catalogSections.position));
}

/** Maps groups to sections (null: «не связывать»); a group or section the shop does not know is refused; audited. */
export async function setExchangeGroupSections(
  db: Database,
  rows: ReadonlyArray<{ id: string; sectionPath: string | null }>,
  actor: StaffActor = cliActor,
): Promise<Outcome> {
  if (rows.length === 0) return { ok: true };
  return db.transaction(async (tx) => {
    const groups = new Map(
      (
        await tx
          .select()
          .from(exchangeGroups)
          .where(
            inArray(
              exchangeGroups.id,
              rows.map((row) => row.id),
            ),
          )
          .for("update")
      ).map((group) => [group.id, group]),
    );
    const sections = new Set((await mappableSections(tx)).map((section) => section.path));
    const changed: Array<{ id: string; name: string; from: string | null; to: string | null }> = [];
    for (const row of rows) {
      const group = groups.get(row.id);
      if (!group) return { ok: false, reason: `Группы ${row.id.slice(0, 60)} нет среди групп из 1С: обновите страницу` };
      if (row.sectionPath !== null && !sections.has(row.sectionPath))
        return { ok: false, reason: `Для группы «${group.name}» выберите раздел каталога из списка` };
      if (group.sectionPath !== row.sectionPath) changed.push({ id: group.id, name: group.name, from: group.sectionPath, to: row.sectionPath });
    }
    for (const change of changed) {
      await tx
        .update(exchangeGroups)
        .set({ sectionPath: change.to })
        .where(inArray(exchangeGroups.id, [change.id]));
    }
    if (changed.length > 0) {
      await writeAudit(tx, actor, {
        action: "exchange.groups",
        entity: "exchange:groups",
        before: Object.fromEntries(changed.map((change) => [change.name || change.id, change.from])),
        after: Object.fromEntries(changed.map((change) => [change.name || change.id, change.to])),
      });
    }
    return { ok: true };
  });
}
