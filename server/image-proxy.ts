// The image proxy of spec section 7: /_ipx/{modifiers}/{source}, ipx with sharp.
import type http from "node:http";
import type { Request, Response } from "express";
import { createIPX, ipxFSStorage, ipxHttpStorage } from "ipx";
import { imageMaxAgeSeconds, parseIpxPath } from "#app/modules/images/image-url.ts";
import { contentSecurityPolicy } from "#app/modules/request/security-headers.ts";
import { etagOf } from "#app/modules/shared/etag.server.ts";
import { log } from "#app/modules/shared/log.server.ts";
import { createMemoryCache } from "#app/modules/shared/memory-cache.ts";
import { createWorkGate } from "#app/modules/shared/work-gate.ts";

/** Where the proxy answers: /_ipx and the addresses under it. */
export const imageProxyMount = "/_ipx";

export function isImageProxyPath(pathname: string): boolean {
  return pathname === imageProxyMount || pathname.startsWith(`${imageProxyMount}/`);
}

export type ImageProxyOptions = { imagesDir: string; publicDir: string; remoteHost: string | undefined };
type ImageVariant = { body: Buffer; type: string; etag: string; mtime: number | undefined };

/** Processed pictures kept in memory, least recently used out first: at most this many bytes and entries. */
const imageCacheBytes = 64 * 1024 * 1024;
const imageCacheEntries = 4_000;
/**
 * Encodes at a time, and waiting behind them: a big avif takes a core for seconds, and a
 * page's thumbnails must not wait behind a queue nobody can see the end of. Past the
 * queue the answer is 503 with Retry-After (the browser tries the picture again).
 */
const imageEncodes = { concurrency: 2, queue: 16 };
const remoteImageTimeoutMs = 10_000;

/**
 * The handler mounted at /_ipx (spec section 7, ipx with sharp): sources
 * from the images folder, then public/, and only with IMAGE_REMOTE_HOST absolute
 * http(s) URLs on that one host. The address is checked before ipx sees it
 * (parseIpxPath): unknown modifiers, bad values, other hosts and ways out of the folders
 * are 4xx and never reach the disk or the network. Every picture may be cached for a
 * year (spec section 9).
 */
export function createImageProxy({ imagesDir, publicDir, remoteHost }: ImageProxyOptions) {
  const ipx = createIPX({
    storage: ipxFSStorage({ dir: [imagesDir, publicDir] }),
    httpStorage: remoteHost
      ? ipxHttpStorage({
          domains: [remoteHost],
          // ofetch's options: one try, a time limit, and no redirect that could lead to another host.
          fetchOptions: { timeout: remoteImageTimeoutMs, retry: 0, redirect: "error" } as RequestInit,
        })
      : undefined,
    maxAge: imageMaxAgeSeconds,
    // An SVG asked for without a format is passed through as it is (served with a CSP that forbids scripts).
    svgo: false,
  });
  // The shop's one memory cache: concurrent requests for one picture share one encode.
  const cache = createMemoryCache<ImageVariant>({
    maxEntries: imageCacheEntries,
    maxBytes: imageCacheBytes,
    // One huge picture must not push out a page's worth of thumbnails.
    maxEntryBytes: imageCacheBytes / 8,
    bytesOf: (variant) => variant.body.length,
  });
  const encodes = createWorkGate(imageEncodes);

  const fail = (res: http.ServerResponse, status: number, code: string, message: string, headers: http.OutgoingHttpHeaders = {}) => {
    const body = JSON.stringify({ error: { code, message } });
    res.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    });
    res.end(body);
  };

  return async function serveImage(req: Request, res: Response): Promise<void> {
    // The address after /_ipx (express strips the mount path).
    const path = req.path;
    if (req.method !== "GET" && req.method !== "HEAD") {
      fail(res, 405, "method_not_allowed", "Метод не поддерживается", { Allow: "GET, HEAD" });
      return;
    }
    const parsed = parseIpxPath(path, { remoteHost });
    if (!parsed.ok) {
      fail(res, parsed.status, parsed.code, parsed.message);
      return;
    }
    try {
      const image = ipx(parsed.id, parsed.modifiers);
      const source = await image.getSourceMeta();
      const mtime = source.mtime ? Math.floor(source.mtime.getTime() / 1000) * 1000 : undefined;
      const ifModifiedSince = req.headers["if-modified-since"];
      if (mtime !== undefined && ifModifiedSince && Date.parse(ifModifiedSince) >= mtime) {
        res.writeHead(304, { "Cache-Control": `public, max-age=${imageMaxAgeSeconds}`, "Last-Modified": new Date(mtime).toUTCString() });
        res.end();
        return;
      }

      const encode = async (): Promise<ImageVariant | undefined> => {
        const processed = await encodes.run(() => image.process());
        if (!processed) return undefined;
        const { data, format } = processed.value;
        const body = Buffer.isBuffer(data) ? data : Buffer.from(data);
        return { body, type: `image/${format ?? "jpeg"}`, etag: etagOf(body), mtime };
      };
      // A source changed on disk (its mtime) is another key; the old variants age out. A remote one is not kept.
      const key = `${parsed.id}\n${mtime}\n${Object.entries(parsed.modifiers)
        .sort()
        .map(([name, value]) => `${name}=${value}`)
        .join(",")}`;
      const variant = parsed.remote ? await encode() : await cache.get(key, encode);
      if (!variant) {
        fail(res, 503, "busy", "Сервер занят изображениями, повторите через несколько секунд", { "Retry-After": "5" });
        return;
      }

      const headers: http.OutgoingHttpHeaders = {
        "Content-Type": variant.type,
        "Cache-Control": `public, max-age=${imageMaxAgeSeconds}`,
        ETag: variant.etag,
        // A picture (an SVG among them) runs nothing and loads nothing.
        "Content-Security-Policy": `${contentSecurityPolicy}; default-src 'none'`,
        "X-Content-Type-Options": "nosniff",
      };
      if (mtime !== undefined) headers["Last-Modified"] = new Date(mtime).toUTCString();
      if (req.headers["if-none-match"] === variant.etag) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      headers["Content-Length"] = variant.body.length;
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : variant.body);
    } catch (error) {
      const { status, code, message } = imageFailure(error, parsed.remote);
      if (status >= 500) log.error("image proxy: failed", { source: parsed.id, error });
      else if (status === 422) log.warn("image proxy: cannot process", { source: parsed.id, error: String(error) });
      if (!res.headersSent) fail(res, status, code, message);
      else res.destroy();
    }
  };
}

/**
 * What went wrong with a picture, as an answer: the remote host's trouble as 404, 504 or
 * 502; ipx's own refusals (not found, forbidden path, not an image) as they are; a source
 * sharp cannot convert as 422.
 */
function imageFailure(error: unknown, remote: boolean): { status: number; code: string; message: string } {
  const details = (error ?? {}) as { statusCode?: unknown; name?: unknown; message?: unknown };
  const status = typeof details.statusCode === "number" ? details.statusCode : undefined;
  if (remote && details.name === "FetchError") {
    if (status === 404 || status === 410) return { status: 404, code: "not_found", message: "Изображение не найдено" };
    if (/timeout/i.test(String(details.message))) return { status: 504, code: "remote_timeout", message: "Источник изображения не ответил вовремя" };
    return { status: 502, code: "remote_failed", message: "Источник изображения недоступен" };
  }
  if (status === 404) return { status: 404, code: "not_found", message: "Изображение не найдено" };
  if (status === 403) return { status: 403, code: "forbidden_source", message: "Источник не разрешён" };
  if (status !== undefined && status >= 400 && status < 500) return { status, code: "bad_image", message: "Изображение не читается" };
  // Sharp could not decode or convert the source: the picture is at fault, not the request.
  return { status: 422, code: "bad_image", message: "Изображение не читается" };
}
