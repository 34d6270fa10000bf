// The catalogue import from 1C (CommerceML, /1c_exchange's mode=import): 5,000 coins the shop
// has, import.xml ties each to its Ид in 1C by SKU, offers.xml sets stock over two warehouses
// and prices, then the same two files again (nothing to change); then a first exchange of 5,000 goods the shop
// does not have, kept as new goods for staff to publish. Run in this process on a fresh
// embedded database (the same PostgreSQL SQL as the shop's), so the figure is the import's own.
// The reference in the same run: the same 5,000 coins' stock set through the catalogue file
// import (`npm run catalog -- import`, 2,000 rows a file), the way staff set stock in bulk today.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { cliActor } from "#app/modules/audit/audit.server.ts";
import { importProductFile, MAX_IMPORT_ROWS } from "#app/modules/catalog/import.server.ts";
import { migrateDatabase, openDatabase } from "#app/modules/db/client.server.ts";
import { products } from "#app/modules/db/schema.ts";
import { importCatalogFile } from "#app/modules/exchange/catalog-import.server.ts";
import { seedDatabase } from "#app/modules/seed/seed.server.ts";
import { exchangeImportBudgets } from "./budgets.ts";
import type { Bench, Measurement } from "./types.ts";

const GOODS = Number(process.env.BENCH_EXCHANGE_GOODS ?? 5000);

function importXml(goods: Array<{ id: string; sku: string; name: string }>): Buffer {
  const items = goods.map(
    (good) =>
      `<Товар><Ид>${good.id}</Ид><Артикул>${good.sku}</Артикул><Наименование>${good.name}</Наименование><БазоваяЕдиница Код="796">шт</БазоваяЕдиница><Группы><Ид>g1</Ид></Группы><Описание>Монета ${good.sku}</Описание></Товар>`,
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><Классификатор><Ид>c1</Ид><Группы><Группа><Ид>g1</Ид><Наименование>Монеты</Наименование></Группа></Группы></Классификатор><Каталог СодержитТолькоИзменения="false"><Ид>k1</Ид><Товары>\n${items.join("\n")}\n</Товары></Каталог></КоммерческаяИнформация>`,
  );
}

function offersXml(goods: Array<{ id: string; stock: number; price: number }>): Buffer {
  const items = goods.map(
    (good) =>
      `<Предложение><Ид>${good.id}</Ид><Цены><Цена><ИдТипаЦены>p1</ИдТипаЦены><ЦенаЗаЕдиницу>${good.price}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена></Цены><Количество>${good.stock}</Количество><Склад ИдСклада="w1" КоличествоНаСкладе="${good.stock - 1}"/><Склад ИдСклада="w2" КоличествоНаСкладе="1"/></Предложение>`,
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><ПакетПредложений><ТипыЦен><ТипЦены><Ид>p1</Ид><Наименование>Розничная</Наименование></ТипЦены></ТипыЦен><Склады><Склад><Ид>w1</Ид></Склад><Склад><Ид>w2</Ид></Склад></Склады><Предложения>\n${items.join("\n")}\n</Предложения></ПакетПредложений></КоммерческаяИнформация>`,
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

export const exchangeImport: Bench = {
  name: "exchange import",
  async run() {
    const dir = await mkdtemp(path.join(os.tmpdir(), "bench-exchange-"));
    const handle = await openDatabase({ databaseUrl: undefined, dataDir: dir, databasePoolMax: 2 });
    try {
      await migrateDatabase(handle);
      await seedDatabase(handle.db, { onlyNew: true });
      const db = handle.db;
      const [template] = await db.select().from(products).where(eq(products.sku, "AG-0018"));
      if (!template) throw new Error("exchange import: the demo coin AG-0018 is missing");
      const { id: _id, search: _search, createdAt: _created, updatedAt: _updated, exchangeId: _exchangeId, ...fields } = template;
      const coins = Array.from({ length: GOODS }, (_, index) => ({
        id: randomUUID(),
        sku: `BX-${String(index + 1).padStart(5, "0")}`,
        name: `Монета для обмена № ${index + 1}`,
        stock: 5 + (index % 20),
        price: 4000 + index,
        pricing: index % 2 === 0 ? ("fixed" as const) : ("metal" as const),
      }));
      for (let start = 0; start < coins.length; start += 500) {
        await db.insert(products).values(
          coins.slice(start, start + 500).map((coin) => ({
            ...fields,
            sku: coin.sku,
            slug: coin.sku.toLowerCase(),
            name: coin.name,
            stock: 1,
            pricing: coin.pricing,
            fixedPrice: coin.pricing === "fixed" ? 1000 : null,
          })),
        );
      }

      const goods = importXml(coins);
      const offers = offersXml(coins);
      const first = await timed(() => importCatalogFile(db, cliActor, "import.xml", goods));
      const offered = await timed(() => importCatalogFile(db, cliActor, "offers.xml", offers));
      const again = await timed(async () => [
        await importCatalogFile(db, cliActor, "import.xml", goods),
        await importCatalogFile(db, cliActor, "offers.xml", offers),
      ]);
      for (const [what, result] of [
        ["import.xml", first.result],
        ["offers.xml", offered.result],
        ["import.xml again", again.result[0]!],
        ["offers.xml again", again.result[1]!],
      ] as const) {
        if (!result.ok) throw new Error(`exchange import: ${what} refused: ${result.reason}`);
      }
      if (first.result.ok && first.result.counts.updated !== GOODS)
        throw new Error(`exchange import: ${first.result.ok && first.result.counts.updated} of ${GOODS} coins tied`);
      if (again.result[1]!.ok && again.result[1]!.counts.unchanged !== GOODS) throw new Error("exchange import: the second offers.xml changed something");

      // A dealer's first exchange with a shop that has none of its goods: each waits among the new goods.
      const fresh = coins.map((coin, index) => ({ ...coin, id: randomUUID(), sku: `NX-${String(index + 1).padStart(5, "0")}` }));
      const freshGoods = await timed(() => importCatalogFile(db, cliActor, "import.xml", importXml(fresh)));
      const freshOffers = await timed(() => importCatalogFile(db, cliActor, "offers.xml", offersXml(fresh)));
      if (!freshGoods.result.ok || freshGoods.result.counts.created !== GOODS)
        throw new Error(`exchange import: new goods: ${freshGoods.result.ok ? freshGoods.result.counts.created : freshGoods.result.reason} of ${GOODS} kept`);
      if (!freshOffers.result.ok) throw new Error(`exchange import: the new goods' offers.xml refused: ${freshOffers.result.reason}`);

      // The reference: the same coins' stock through the catalogue file import, 2,000 rows a file.
      const reference = await timed(async () => {
        for (let start = 0; start < coins.length; start += MAX_IMPORT_ROWS) {
          const csv = ["sku;stock", ...coins.slice(start, start + MAX_IMPORT_ROWS).map((coin) => `${coin.sku};${coin.stock + 1}`)].join("\n");
          const result = await importProductFile(db, csv, "stock.csv");
          if (!result.ok) throw new Error("exchange import: the reference CSV import was refused");
        }
      });

      const page = `${GOODS} goods`;
      return [
        { page, metric: "import.xml (tie by SKU)", value: first.ms, unit: "ms", budget: exchangeImportBudgets.fileMs, note: "one mode=import call" },
        { page, metric: "offers.xml (stock, prices)", value: offered.ms, unit: "ms", budget: exchangeImportBudgets.fileMs, note: "one mode=import call" },
        { page, metric: "both again (unchanged)", value: again.ms, unit: "ms", budget: exchangeImportBudgets.fileMs },
        { page, metric: "import.xml, all new goods", value: freshGoods.ms, unit: "ms", budget: exchangeImportBudgets.fileMs, note: "kept unpublished" },
        { page, metric: "offers.xml of the new goods", value: freshOffers.ms, unit: "ms", budget: exchangeImportBudgets.fileMs },
        { page, metric: "reference: catalogue CSV stock", value: reference.ms, unit: "ms", note: `${Math.ceil(GOODS / MAX_IMPORT_ROWS)} files` },
        {
          page,
          metric: "offers.xml / reference",
          value: Math.round((offered.ms / reference.ms) * 100) / 100,
          unit: "count",
          budget: exchangeImportBudgets.ratioToCsv,
        },
      ] satisfies Measurement[];
    } finally {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
