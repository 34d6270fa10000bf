// npm run compliance -- import-list FILE | list-status
// 115-FZ: the list of persons involved in extremism or terrorism (Rosfinmonitoring's XML, as
// downloaded from the personal account on fedsfm.ru). An import replaces the list the shop
// checks buyers against when a large order is placed; it is written to the audit log as "cli".
import { readFile, stat } from "node:fs/promises";
import { importExtremistList, extremistListStatus } from "#app/modules/compliance/identification.server.ts";
import { ListFormatError, parseExtremistList } from "#app/modules/compliance/extremist-list.ts";
import { runScript, withMigratedDatabase } from "./run-script.ts";

const usage = [
  "Использование:",
  "  npm run compliance -- import-list ФАЙЛ.xml   загрузить перечень Росфинмониторинга (заменяет прежний)",
  "  npm run compliance -- list-status            сколько лиц в загруженном перечне и его дата",
].join("\n");

/** The published list is a few megabytes; anything far larger is not it. */
const MAX_LIST_BYTES = 200 * 1024 * 1024;

const [command, ...args] = process.argv.slice(2);
if (!((command === "import-list" && args.length === 1) || (command === "list-status" && args.length === 0))) {
  console.error(usage);
  process.exit(2);
}

await runScript(async () => {
  let parsed: ReturnType<typeof parseExtremistList> | undefined;
  if (command === "import-list") {
    const file = args[0]!;
    const size = await stat(file).then(
      (info) => info.size,
      () => -1,
    );
    if (size < 0 || size > MAX_LIST_BYTES) {
      console.error(size < 0 ? `Файл ${file} не найден.` : `Файл ${file} слишком большой для перечня (${size} байт).`);
      process.exitCode = 1;
      return;
    }
    try {
      parsed = parseExtremistList(await readFile(file, "utf8"));
    } catch (error) {
      if (!(error instanceof ListFormatError)) throw error;
      console.error(`Перечень не загружен: ${error.message}.`);
      process.exitCode = 1;
      return;
    }
  }
  await withMigratedDatabase(async (handle) => {
    if (parsed) {
      const result = await importExtremistList(handle.db, parsed);
      console.log(
        `Перечень${parsed.listDate ? ` от ${parsed.listDate}` : ""} загружен: физических лиц ${result.persons}, из них с полной датой рождения ${result.withDate}; организаций (не сверяются с покупателями) ${parsed.organisations}.`,
      );
      if (result.persons > result.withDate) console.log("Лица без полной даты рождения не сверяются автоматически: проверьте их вручную по ФИО.");
      return;
    }
    const status = await extremistListStatus(handle.db);
    console.log(
      status.persons === 0
        ? "Перечень ещё не загружен: npm run compliance -- import-list ФАЙЛ.xml"
        : `В перечне${status.listDate ? ` от ${status.listDate}` : ""} физических лиц: ${status.persons}; загружен ${status.importedAt?.toISOString()}.`,
    );
  });
});
