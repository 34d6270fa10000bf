import type { Database } from "../db/client.server.ts";

/**
 * A named piece of demo data. `run` must be idempotent (insert … on conflict do
 * nothing), so `npm run db:seed` can run it again at any time.
 */
export type Seeder = {
  name: string;
  run(db: Database): Promise<void>;
};
