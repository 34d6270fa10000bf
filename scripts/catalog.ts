// npm run catalog -- import FILE | export [FILE] | stock SKU N | premium SKU PCT | limit SKU N|- | tiers SKU "10:1,50:2"|- | vat SKU exempt|vat|auto
// The operator's catalogue commands. import reads JSON (an array of products) or CSV (a
// header row of field names, ; or , between fields) and creates or updates products by
// SKU: every row is checked first, and one bad row means nothing is imported. export
// writes every product as JSON to FILE or to stdout. stock, premium and limit (the most pieces
// of the coin in one order), tiers (the premium lower by points from a number of pieces) and vat (the
// operator's VAT override) change one coin.
// Relative paths are taken from the folder npm was started in.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  exportProducts,
  formatIssue,
  setOrderLimit,
  setPremium,
  setQuantityTiers,
  setStock,
  setVatOverride,
  CatalogCommandError,
} from "#app/modules/catalog/import.server.ts";
import { changeCoinWithinFloor, importCatalogAsStaff, type FloorCheck } from "#app/modules/catalog/staff-edit.server.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { createProvider } from "#app/modules/quotes/providers/registry.server.ts";
import { storedRates } from "#app/modules/quotes/service.server.ts";
import { cliActor } from "#app/modules/audit/audit.server.ts";
import { vatNotice, vatTreatment } from "#app/modules/tax/vat.ts";
import { runScript, withMigratedDatabase } from "./run-script.ts";

const CONFIRM_FLAG = "--confirm-below-floor";

const usage = [
  "Использование:",
  "  npm run catalog -- import ФАЙЛ        загрузить монеты из JSON или CSV (создать или обновить по артикулу)",
  "  npm run catalog -- export [ФАЙЛ]      выгрузить каталог в JSON (в файл или на экран)",
  "  npm run catalog -- stock АРТИКУЛ N    задать остаток (целое число от 0)",
  "  npm run catalog -- premium АРТИКУЛ P  задать наценку к цене металла, %",
  "  npm run catalog -- limit АРТИКУЛ N    не больше N шт. монеты в одном заказе («-»: общий предел MAX_PIECES_PER_COIN)",
  '  npm run catalog -- tiers АРТИКУЛ "10:1,50:2"  скидка за количество: от 10 шт. наценка на 1 п.п. ниже, от 50 — на 2 («-»: без скидок)',
  "  npm run catalog -- vat АРТИКУЛ exempt|vat|auto  НДС монеты: не облагается, облагается или по правилу (ст. 149 НК)",
  "",
  `import, premium и vat не меняют цену, при которой монета продавалась бы дешевле металла или цены выкупа (без НДС); если так и задумано, добавьте ${CONFIRM_FLAG}.`,
].join("\n");

const given = process.argv.slice(2);
const confirmed = given.includes(CONFIRM_FLAG);
const [command, ...args] = given.filter((arg) => arg !== CONFIRM_FLAG);
const expectedArgs: Record<string, [min: number, max: number]> = {
  import: [1, 1],
  export: [0, 1],
  stock: [2, 2],
  premium: [2, 2],
  limit: [2, 2],
  tiers: [2, 2],
  vat: [2, 2],
};
const expected = command ? expectedArgs[command] : undefined;
if (!expected || args.length < expected[0] || args.length > expected[1]) {
  console.error(usage);
  process.exit(2);
}

// `export | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
});

/** A path as the operator typed it, from the folder they ran npm in. */
const resolvePath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function readInput(file: string): Promise<string> {
  try {
    return await readFile(resolvePath(file), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CatalogCommandError(code === "ENOENT" ? `Файл не найден: ${file}` : `Файл не читается: ${file} (${(error as Error).message})`);
  }
}

await runScript(async () => {
  // Read the file before opening the database: a wrong name is reported at once.
  const input = command === "import" ? await readInput(args[0]!) : undefined;
  await withMigratedDatabase(async (handle) => {
    try {
      const db = handle.db;
      /** Today's rates from the stored quotes, and whether the operator confirmed a price under the floor. */
      const floorCheck = async (): Promise<FloorCheck> => ({ rates: await storedRates(handle, createProvider(getConfig().quotes)), confirmed });
      /** A coin's premium or VAT changed, or nothing and the reason printed when it would sell under its floor. */
      const withinFloor = async <T>(change: (tx: typeof db) => Promise<T>): Promise<T | undefined> => {
        const result = await changeCoinWithinFloor(db, args[0]!, await floorCheck(), change);
        if (result.ok) return result.value;
        console.error(`${args[0]}: не изменено. ${result.warnings.join("; ")}. Если так и задумано, добавьте ${CONFIRM_FLAG}.`);
        process.exitCode = 1;
        return undefined;
      };
      switch (command) {
        case "import": {
          const result = await importCatalogAsStaff(db, cliActor, input!, args[0]!, await floorCheck());
          if (!result.ok && "kind" in result) {
            console.error(
              `Файл ${args[0]} не загружен: эти монеты продавались бы дешевле металла или цены выкупа (если так и задумано, добавьте ${CONFIRM_FLAG}):`,
            );
            for (const warning of result.warnings) console.error(`  ${warning}`);
            process.exitCode = 1;
            return;
          }
          if (!result.ok) {
            console.error(`Файл ${args[0]} не загружен, в каталоге ничего не изменилось. Ошибки (${result.errors.length}):`);
            for (const issue of result.errors) console.error(`  ${formatIssue(issue)}`);
            process.exitCode = 1;
            return;
          }
          console.log(`Загружено монет: ${result.created + result.updated} (новых: ${result.created}, обновлено: ${result.updated}).`);
          return;
        }
        case "export": {
          const json = `${JSON.stringify(await exportProducts(db), null, 2)}\n`;
          if (args[0]) {
            await writeFile(resolvePath(args[0]), json);
            console.error(`Каталог выгружен в ${args[0]}.`);
          } else {
            process.stdout.write(json);
          }
          return;
        }
        case "stock": {
          const row = await setStock(db, args[0]!, args[1]!);
          console.log(`${row.sku} «${row.name}»: остаток ${row.stock}.`);
          return;
        }
        case "premium": {
          const row = await withinFloor((tx) => setPremium(tx, args[0]!, args[1]!));
          if (!row) return;
          console.log(`${row.sku} «${row.name}»: наценка ${String(row.premiumPercent).replace(".", ",")} %.`);
          return;
        }
        case "vat": {
          const row = await withinFloor((tx) => setVatOverride(tx, args[0]!, args[1]!));
          if (!row) return;
          const treatment = vatTreatment(row);
          const how = row.vatOverride === null ? "по правилу" : "задано вручную";
          console.log(`${row.sku} «${row.name}»: ${vatNotice(treatment)} (${how}).`);
          return;
        }
        case "limit": {
          const row = await setOrderLimit(db, args[0]!, args[1]!);
          const { maxPiecesPerCoin } = getConfig().orders;
          console.log(
            row.maxPerOrder === null
              ? `${row.sku} «${row.name}»: в заказе не больше ${maxPiecesPerCoin} шт. (общий предел).`
              : `${row.sku} «${row.name}»: в заказе не больше ${Math.min(row.maxPerOrder, maxPiecesPerCoin)} шт.`,
          );
          return;
        }
        case "tiers": {
          const row = await setQuantityTiers(db, args[0]!, args[1]!);
          const points = (value: number) => String(value).replace(".", ",");
          console.log(
            row.quantityTiers.length === 0
              ? `${row.sku} «${row.name}»: скидок за количество нет.`
              : `${row.sku} «${row.name}»: ${row.quantityTiers.map((tier) => `от ${tier.minQuantity} шт. наценка ниже на ${points(tier.premiumPoints)} п.п.`).join("; ")}`,
          );
          return;
        }
      }
    } catch (error) {
      if (!(error instanceof CatalogCommandError)) throw error;
      console.error(error.message);
      process.exitCode = 1;
    }
  });
}).catch((error: unknown) => {
  // A file error before the database was opened.
  if (!(error instanceof CatalogCommandError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
});
