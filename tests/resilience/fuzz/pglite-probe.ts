// Loaded INTO the shop's process (NODE_OPTIONS=--import, see storedData.ts) by suites that
// must read the embedded database while the shop runs: a PGlite folder can be open in one
// process only, so the suite asks that process. The probe keeps the instance the shop
// creates (PGlite.create is wrapped before the build imports it) and answers SQL on a port
// of its own, printed once it listens:
//
//   pglite probe: http://127.0.0.1:<port>
//
// POST / {"sql": "...", "params": [...]} → {"rows": [...]} or 400 {"error": "..."}.
// Test-only: nothing in the app knows about it, and the shop runs exactly as it would.
import http from "node:http";
import { PGlite } from "@electric-sql/pglite";

let instance: PGlite | undefined;
const create = PGlite.create.bind(PGlite) as (...args: unknown[]) => Promise<PGlite>;
(PGlite as unknown as { create: (...args: unknown[]) => Promise<PGlite> }).create = async (...args: unknown[]) => {
  const created = await create(...args);
  instance = created;
  return created;
};

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", async () => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!instance) return answer(503, { error: "the shop has not opened its database yet" });
    try {
      const { sql, params } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { sql: string; params?: unknown[] };
      const result = await instance.query(sql, params ?? []);
      answer(200, { rows: result.rows });
    } catch (error) {
      answer(400, { error: error instanceof Error ? error.message : String(error) });
    }
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`pglite probe: http://127.0.0.1:${address.port}`);
});
// The shop's own stop (SIGTERM) must not wait for the probe.
server.unref();
