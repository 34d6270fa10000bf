import type { Database } from "./client.server.ts";

/**
 * A query that every request runs (the session's user, the buyer's lists), built once per
 * database instead of on each call: drizzle's SQL building was ~3 % of a signed-in /catalog's
 * CPU (bench/RESULTS.md), and with a statement name PostgreSQL parses and plans it once per
 * connection. `build` gets the database and returns drizzle's `.prepare(name)`; each name
 * must be one query's alone.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
