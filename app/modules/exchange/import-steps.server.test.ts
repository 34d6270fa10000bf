import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exchangeImports } from "../db/schema.ts";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import type { CatalogImportResult } from "./catalog-import.server.ts";
import { importInSteps } from "./import-steps.server.ts";
import { openExchangeSession } from "./sessions.server.ts";

const database = withTempDatabase("exchange-import-steps");
const done: CatalogImportResult = { ok: true, counts: { created: 0, updated: 1, unchanged: 0, refused: 0 }, notes: [] };

/** An import that finishes when the test says so, counting how often it was started. */
function controlledImport() {
  let finish!: (result: CatalogImportResult) => void;
  const control = { starts: 0, finish: (result: CatalogImportResult) => finish(result) };
  const work = () => {
    control.starts += 1;
    return new Promise<CatalogImportResult>((resolve) => {
      finish = resolve;
    });
  };
  return { control, work };
}

async function newSession() {
  return (await openExchangeSession(database.handle.db, "1c", "127.0.0.1")).session.id;
}

describe("a catalogue import in steps", () => {
  it("answers `progress` while the import runs, then its outcome once; asked again, imports again", async () => {
    const { db } = database.handle;
    const sessionId = await newSession();
    const { control, work } = controlledImport();
    expect(await importInSteps(db, sessionId, "offers.xml", 50, work)).toEqual({ done: false, seconds: 0 });
    expect(await importInSteps(db, sessionId, "offers.xml", 50, work)).toMatchObject({ done: false });
    expect(control.starts).toBe(1);
    control.finish(done);
    expect(await importInSteps(db, sessionId, "offers.xml", 50, work)).toEqual({ done: true, result: done });
    expect(await db.select().from(exchangeImports)).toEqual([]);

    const next = importInSteps(db, sessionId, "offers.xml", 5_000, work);
    await new Promise((resolve) => setTimeout(resolve, 20));
    control.finish(done);
    expect(await next).toEqual({ done: true, result: done });
    expect(control.starts).toBe(2);
  });

  it("leaves an import another instance runs to it while its heartbeat is fresh, and runs one whose instance died", async () => {
    const { db } = database.handle;
    const sessionId = await newSession();
    const now = new Date();
    await db
      .insert(exchangeImports)
      .values({ sessionId, name: "import.xml", status: "running", startedAt: new Date(now.getTime() - 40_000), heartbeatAt: now });
    const { control, work } = controlledImport();
    expect(await importInSteps(db, sessionId, "import.xml", 0, work)).toEqual({ done: false, seconds: 40 });
    expect(control.starts).toBe(0);

    await db
      .update(exchangeImports)
      .set({ heartbeatAt: new Date(now.getTime() - 31_000) })
      .where(eq(exchangeImports.sessionId, sessionId));
    const taken = importInSteps(db, sessionId, "import.xml", 5_000, work);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(control.starts).toBe(1);
    control.finish({ ok: false, reason: "import.xml: XML не разобран" });
    expect(await taken).toEqual({ done: true, result: { ok: false, reason: "import.xml: XML не разобран" } });
  });

  it("an import that throws is a failure 1C is told, and the catalogue is as it was", async () => {
    const { db } = database.handle;
    const sessionId = await newSession();
    const step = await importInSteps(db, sessionId, "offers.xml", 5_000, () => Promise.reject(new Error("connection lost")));
    expect(step).toEqual({
      done: true,
      result: { ok: false, reason: "Файл offers.xml не загружен из-за ошибки на сайте, каталог не изменён: повторите обмен" },
    });
  });
});
