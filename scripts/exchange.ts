// npm run exchange -- credentials LOGIN PASSWORD | import FILE… | log [N]
// The exchange with 1C and МойСклад (CommerceML 2, /1c_exchange): the login 1C signs in with
// (as the back office sets it; audited as "cli"), an import from files for dealers who drop
// files instead of connecting, and the last exchanges.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { getConfig } from "#app/modules/config/config.server.ts";
import { cliActor } from "#app/modules/audit/audit.server.ts";
import { importCatalogFiles } from "#app/modules/exchange/catalog-import.server.ts";
import { formatExchangeLogRow, listExchangeLog } from "#app/modules/exchange/log.server.ts";
import { setExchangeCredentials } from "#app/modules/exchange/settings.server.ts";
import { runScript, withMigratedDatabase } from "./run-script.ts";

const usage = [
  "Использование:",
  "  npm run exchange -- credentials ЛОГИН ПАРОЛЬ   логин и пароль, с которыми 1С или МойСклад входит в обмен (/1c_exchange)",
  "  npm run exchange -- import ФАЙЛ…               загрузить import.xml, offers.xml (или zip с ними) без подключения 1С",
  "  npm run exchange -- log [N]                    последние обмены (по умолчанию 20)",
].join("\n");

const [command, ...args] = process.argv.slice(2);
const argumentCounts: Record<string, (count: number) => boolean> = {
  credentials: (count) => count === 2,
  import: (count) => count >= 1,
  log: (count) => count <= 1 && (count === 0 || /^\d{1,4}$/.test(args[0]!)),
};
if (!command || !argumentCounts[command]?.(args.length)) {
  console.error(usage);
  process.exit(2);
}

await runScript(async () => {
  await withMigratedDatabase(async (handle) => {
    const db = handle.db;
    if (command === "credentials") {
      const set = await setExchangeCredentials(db, args[0]!, args[1]!, cliActor);
      if (!set.ok) {
        console.error(set.reason);
        process.exitCode = 1;
        return;
      }
      console.log(`Логин обмена «${args[0]!.trim()}» задан. Адрес для 1С: ${new URL("/1c_exchange", getConfig().publicUrl)}`);
      return;
    }
    if (command === "log") {
      const rows = await listExchangeLog(db, Number(args[0] ?? 20));
      if (rows.length === 0) console.log("Обменов ещё не было.");
      for (const row of rows) console.log(formatExchangeLogRow(row));
      return;
    }
    const files = await Promise.all(
      args.map(async (file) => ({ name: path.basename(file), bytes: await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), file)) })),
    );
    const result = await importCatalogFiles(db, cliActor, files);
    if (!result.ok) {
      console.error(result.reason);
      process.exitCode = 1;
      return;
    }
    const { created, updated, unchanged, refused } = result.counts;
    console.log(`Загружено: ${result.files.join(", ")}. Создано ${created}, обновлено ${updated}, без изменений ${unchanged}, отклонено ${refused}.`);
    for (const note of result.notes) console.log(`  ${note}`);
  });
});
