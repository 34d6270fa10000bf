// npm run shop -- pause [note] | resume | status | prune
// The operator's switch for taking orders. The setting lives in the database, so it
// takes effect at once on every instance of the shop. prune runs the housekeeping the shop
// runs hourly: expired sessions and codes, old rate-limit events, stale anonymous lists.
import { runHousekeeping } from "#app/modules/housekeeping/housekeeping.server.ts";
import { readSalesSetting, setSalesPaused } from "#app/modules/shop/status.server.ts";
import { runScript, withMigratedDatabase } from "./run-script.ts";

const [command, ...rest] = process.argv.slice(2);
const usage = "Использование: npm run shop -- pause [причина] | resume | status | prune";
if (!command || !["pause", "resume", "status", "prune"].includes(command) || (command === "prune" && rest.length > 0)) {
  console.error(usage);
  process.exit(2);
}

await runScript(async () => {
  await withMigratedDatabase(async (handle) => {
    if (command === "pause") {
      await setSalesPaused(handle.db, true, rest.join(" ") || undefined);
      console.log("Продажи приостановлены: сайт работает, но заказы не принимаются.");
    } else if (command === "prune") {
      // Not under the shop's housekeeping lock (its leader holds it for life): deleting twice is harmless.
      const counts = await runHousekeeping(handle.db);
      console.log(
        [
          "Удалено:",
          `  истёкших сессий: ${counts.sessions}`,
          `  старых событий ограничений: ${counts.rateLimitEvents}`,
          `  использованных и истёкших SMS-кодов: ${counts.smsCodes}`,
          `  строк брошенных корзин, избранного и сравнений гостей: ${counts.anonymousListItems}`,
          `  брошенных черновиков оформления гостей: ${counts.checkoutDrafts}`,
        ].join("\n"),
      );
    } else if (command === "resume") {
      await setSalesPaused(handle.db, false);
      console.log("Продажи возобновлены.");
    } else {
      const sales = await readSalesSetting(handle.db);
      console.log(sales.paused ? `Продажи приостановлены (${sales.changedAt}${sales.note ? `, ${sales.note}` : ""})` : "Продажи открыты");
    }
  });
});
