// The client build's files (public/ is copied into it), served by sirv.
import type http from "node:http";
import path from "node:path";
import sirv from "sirv";

/** Text files' types with their charset (sirv names the type alone). */
const textTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
};

/**
 * Answers a request for one of the build's files and returns true, or returns false having
 * answered nothing. The folder is listed once at start, so a request for a file that is not
 * there costs a lookup and keeps nothing; the .br and .gz copies the build wrote
 * (scripts/precompress.ts) are sent as they are. Hashed /assets/ are cached by browsers for a
 * year, the rest for an hour. A hashed asset that is not there (an old page after a deploy) is a
 * plain 404, not a page lookup.
 */
export function createStaticFiles(clientDir: string) {
  const serve = sirv(clientDir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: [],
    setHeaders(res, pathname) {
      res.setHeader("Cache-Control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      const textType = textTypes[path.extname(pathname).toLowerCase()];
      if (textType) res.setHeader("Content-Type", textType);
    },
  });
  return function staticFile(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean {
    if (req.method === "GET" || req.method === "HEAD") {
      // The shop's files are small: whole files only (sirv would pass a reversed range to the file stream).
      delete req.headers.range;
      let missing = false;
      // With dev off sirv looks the file up at once: it has answered, or called this.
      serve(req, res, () => {
        missing = true;
      });
      if (!missing) return true;
    }
    if (!pathname.startsWith("/assets/")) return false;
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end("Not found");
    return true;
  };
}
