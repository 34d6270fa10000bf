import { config } from "zod/v4/core";
import ru from "zod/v4/locales/ru.js";

/**
 * zod's Russian messages for every schema, on the server and in the browser: a rule written
 * without its own text (a bare `.max(60)`) must never put English on a page. Imported by
 * both entries (entry.server.tsx, entry.client.tsx) and by fields.ts, so unit tests of a
 * schema see the same messages as the pages. Only the core config and one locale: the
 * pages that never validate in the browser carry no more than that.
 */
config(ru());
