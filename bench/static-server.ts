// The yardstick of bench/shared-pages.ts: the shop's own way of serving a static file (sirv
// with the precompressed .br/.gz copies, as server/static-files.ts serves build/client), over a folder
// the benchmark filled with the pages' HTML. A process of its own, like the shop, so the load
// generator shares the machine with it the same way. Prints its URL, then serves until killed.
//   node bench/static-server.ts FOLDER
import http from "node:http";
import type { AddressInfo } from "node:net";
import sirv from "sirv";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node bench/static-server.ts FOLDER");
  process.exit(2);
}
const serve = sirv(folder, {
  dev: false,
  etag: true,
  brotli: true,
  gzip: true,
  extensions: [],
  setHeaders(res) {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
  },
});
const server = http.createServer((req, res) =>
  serve(req, res, () => {
    res.writeHead(404).end();
  }),
);
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
