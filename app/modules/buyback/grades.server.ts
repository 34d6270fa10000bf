import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server.ts";
import { shopSettings } from "../db/schema.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { defaultGradePercents, type GradePercents } from "./statuses.ts";
import { buybackGrades } from "../db/column-values.ts";

const GRADES_KEY = "buyback_grades";

const percent = z.coerce
  .number({ error: "Процент — число, например −5" })
  .min(-90, "Не меньше −90 %")
  .max(20, "Не больше +20 %")
  .refine((value) => Math.round(value * 100) === value * 100, "Не больше двух знаков после запятой");

const typedPercent = z.preprocess((value) => (typeof value === "string" ? value.trim().replace(",", ".").replace("−", "-") : value), percent);

/** The operator's form of the grades' percentages (a comma or a minus sign as typed in Russian is accepted). */
export const gradePercentsSchema = z.object({ excellent: typedPercent, good: typedPercent, defects: typedPercent }) satisfies z.ZodType<
  Record<(typeof buybackGrades)[number], number>,
  unknown
>;

/** The percentages the operator set, each grade falling back to its default. */
export async function readGradePercents(db: Database): Promise<GradePercents> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, GRADES_KEY)).limit(1);
  const stored = (row?.value ?? {}) as Partial<Record<string, unknown>>;
  return Object.fromEntries(
    buybackGrades.map((grade) => [grade, typeof stored[grade] === "number" ? stored[grade] : defaultGradePercents[grade]]),
  ) as GradePercents;
}

/** Sets the percentages, with the audit row in the same transaction. */
export async function setGradePercents(db: Database, actor: StaffActor, values: GradePercents): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readGradePercents(tx);
    await tx
      .insert(shopSettings)
      .values({ key: GRADES_KEY, value: values })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value: values, updatedAt: sql`now()` } });
    await writeAudit(tx, actor, { action: "buyback.grades", entity: "settings:buyback_grades", before, after: values });
  });
}
