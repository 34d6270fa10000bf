// npm run content -- import DIR | export DIR
// The operator's content commands: Markdown files with front matter, one per item, in the
// folders pages, news, cases, training, promo, reviews, partners, certificates (the format
// is described in app/modules/content/content-files.ts). import checks every file first
// and writes nothing when one is bad; otherwise it creates or updates every item in one
// transaction. export writes every item into DIR in the same format.
// Relative paths are taken from the folder npm was started in.
import { stat } from "node:fs/promises";
import path from "node:path";
import { formatContentIssue } from "#app/modules/content/content-files.ts";
import { describeCounts, exportContentFolder, importContentFolder } from "#app/modules/content/import.server.ts";
import { runScript, withMigratedDatabase } from "./run-script.ts";

const usage = [
  "Использование:",
  "  npm run content -- import ПАПКА   загрузить тексты из файлов Markdown (создать или обновить; при ошибке в одном файле — ничего)",
  "  npm run content -- export ПАПКА   выгрузить все тексты в файлы Markdown",
  "",
  "В папке — подпапки pages, news, cases, training, promo, reviews, partners, certificates с файлами .md.",
].join("\n");

const [command, dir, ...extra] = process.argv.slice(2);
if ((command !== "import" && command !== "export") || !dir || extra.length > 0) {
  console.error(usage);
  process.exit(2);
}

class ContentCommandError extends Error {
  override name = "ContentCommandError";
}

/** A path as the operator typed it, from the folder they ran npm in. */
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);

async function checkFolder() {
  // Read the folder before opening the database: a wrong name is reported at once.
  const info = await stat(target).catch(() => null);
  if (command === "import" && !info) throw new ContentCommandError(`Папка не найдена: ${dir}`);
  if (info && !info.isDirectory()) throw new ContentCommandError(`Это не папка: ${dir}`);
}

await runScript(async () => {
  await checkFolder();
  await withMigratedDatabase(async (handle) => {
    if (command === "import") {
      const result = await importContentFolder(handle.db, target);
      if (!result.ok) {
        console.error(`Тексты из ${dir} не загружены, на сайте ничего не изменилось. Ошибки (${result.issues.length}):`);
        for (const issue of result.issues) console.error(`  ${formatContentIssue(issue)}`);
        process.exitCode = 1;
        return;
      }
      console.log(`Загружено файлов: ${result.total} (${describeCounts(result.counts)}).`);
    } else {
      const result = await exportContentFolder(handle.db, target);
      console.log(`Выгружено файлов: ${result.total} (${describeCounts(result.counts)}) в ${dir}.`);
    }
  });
}).catch((error: unknown) => {
  if (!(error instanceof ContentCommandError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
});
