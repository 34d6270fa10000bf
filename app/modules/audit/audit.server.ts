import { and, count, desc, eq, ilike } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { auditLog, staff } from "../db/schema.ts";
import { AUDIT_PAGE_SIZE, type AuditFilters } from "./audit-filters.ts";
import { pageOf, withinMoscowDays } from "../shared/list-query.server.ts";
import { likeLiteral } from "../shared/search-terms.ts";

/** Who made a change: a member of staff in /admin, or the operator at the terminal. */
export type StaffActor = { staffId: number | null; phone: string; role: string; ip?: string | null };

/** The operator's commands (npm run staff …) write as this actor. */
export const cliActor: StaffActor = { staffId: null, phone: "cli", role: "operator", ip: null };

export type AuditEntry = {
  action: string;
  entity: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Writes one audit row; call it with the change's transaction so both stand or fall together. */
export async function writeAudit(db: Database, actor: StaffActor, entry: AuditEntry, now = new Date()): Promise<void> {
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    phone: actor.phone,
    role: actor.role,
    action: entry.action,
    entity: entry.entity,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip ?? null,
    createdAt: now,
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Newest first; `entity` keeps one thing's rows ("order:2026-000123"). */
export async function listAudit(db: Database, options: { entity?: string; limit?: number } = {}): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(options.entity ? eq(auditLog.entity, options.entity) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit ?? 100);
}

/** The audit log page: newest first, 50 a page, by who, what kind, what object and which days. */
export async function searchAudit(db: Database, filters: AuditFilters) {
  const where = and(
    filters.who ? eq(auditLog.phone, filters.who) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.object ? ilike(auditLog.entity, `%${likeLiteral(filters.object)}%`) : undefined,
    ...withinMoscowDays(auditLog.createdAt, filters.from, filters.to),
  );
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(auditLog).where(where),
    db
      .select({ row: auditLog, name: staff.name })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filters.page - 1) * AUDIT_PAGE_SIZE),
  ]);
  return pageOf(
    rows.map(({ row, name }) => ({ ...row, name: name ?? "" })),
    total?.count,
    filters.page,
    AUDIT_PAGE_SIZE,
  );
}

/** The filter form's choices: who wrote rows and which kinds of action there are (at most 200 of each). */
export async function auditChoices(db: Database) {
  const [who, actions] = await Promise.all([
    db.selectDistinct({ phone: auditLog.phone, role: auditLog.role }).from(auditLog).orderBy(auditLog.phone).limit(200),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action).limit(200),
  ]);
  const names = new Map((await db.select({ phone: staff.phone, name: staff.name }).from(staff)).map((member) => [member.phone, member.name]));
  const people = new Map<string, { phone: string; name: string; roles: string[] }>();
  for (const row of who) {
    const person = people.get(row.phone) ?? { phone: row.phone, name: names.get(row.phone) ?? "", roles: [] };
    person.roles.push(row.role);
    people.set(row.phone, person);
  }
  return { people: [...people.values()], actions: actions.map((row) => row.action) };
}
