// Sends a fetch Response (a page, an /api answer) to Node, compressing text as it streams in
// the coding chosen by measurement (docs/decisions/041-compression-by-measurement.md).
import type http from "node:http";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { type Encoding, pickEncoding, STREAMED_ENCODINGS } from "#app/modules/request/accept-encoding.ts";

/** Text responses worth compressing; images and fonts are compressed already. */
const compressible = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/;

/**
 * Writes a fetch Response to node, compressing text on the fly. The compressor is
 * flushed whenever the page stream pauses, so streamed HTML reaches slow phones in
 * pieces rather than when the whole page is done.
 */
export async function sendResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response) {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;

  const type = response.headers.get("Content-Type") ?? "";
  const encoding =
    response.body && !response.headers.has("Content-Encoding") && compressible.test(type)
      ? pickEncoding(req.headers["accept-encoding"], STREAMED_ENCODINGS)
      : undefined;
  if (encoding) {
    delete headers["content-length"];
    headers["content-encoding"] = encoding;
    headers.vary = response.headers.has("Vary") ? `${response.headers.get("Vary")}, Accept-Encoding` : "Accept-Encoding";
  }
  res.writeHead(response.status, response.statusText || undefined, headers);

  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once("close", () => {
    if (!res.writableFinished) reader.cancel().catch(() => undefined);
  });

  const target: NodeJS.WritableStream & { flush?: () => void } = encoding ? streamCompressor(encoding) : res;
  const piped = encoding ? pipeline(target as zlib.Gzip, res).catch(() => undefined) : undefined;

  let flushTimer: NodeJS.Immediate | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!target.write(value)) await new Promise((resolve) => target.once("drain", resolve));
      if (target.flush) {
        clearImmediate(flushTimer);
        flushTimer = setImmediate(() => target.flush?.());
      }
    }
  } catch {
    // The client went away or the page stream failed after the headers: nothing more to send.
  } finally {
    clearImmediate(flushTimer);
    target.end();
    await piped;
  }
}

/** zstd 3 first, brotli 5 for Safari, gzip 4 for clients that offer neither (decision 041). */
function streamCompressor(encoding: Encoding): zlib.ZstdCompress | zlib.BrotliCompress | zlib.Gzip {
  switch (encoding) {
    case "zstd":
      return zlib.createZstdCompress({ params: { [zlib.constants.ZSTD_c_compressionLevel]: 3 } });
    case "br":
      return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    case "gzip":
      return zlib.createGzip({ level: 4 });
  }
}
