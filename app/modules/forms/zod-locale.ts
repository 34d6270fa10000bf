import { config } from "zod/v4/core";
import ru from "zod/v4/locales/ru.js";

/**
 * zod's Russian messages for every schema: a rule written without its own text (a bare
 * `.max(60)`) must never put English on a page. Called by the server's entry
 * (entry.server.tsx: every schema the server runs) and by fields.ts (every form the browser
 * checks with zod builds on it, and unit tests see the pages' messages). Not by
 * entry.client.tsx: the browser runs zod only on the pages of those forms, and the zod core
 * with the locale would load on every other page too, and the home page is close to its
 * script budget (bench/budgets.ts). A call, not a bare import: package.json
 * declares modules free of side effects (only *.css.ts have them), so the bundler would drop
 * an import kept only for its effect.
 */
export function installRussianZodMessages(): void {
  config(ru());
}
