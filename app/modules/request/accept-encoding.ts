/** The content codings the shop can send. */
export type Encoding = "zstd" | "br" | "gzip";

/**
 * Pages rendered for one request are compressed as they stream, so the cheapest coding that
 * is still small comes first: zstd at level 3 compresses a /catalog page to fewer bytes than gzip
 * at level 6 in a fifth of the time (docs/decisions/041-compression-by-measurement.md).
 */
export const STREAMED_ENCODINGS: readonly Encoding[] = ["zstd", "br", "gzip"];

/** Pages compressed once and kept (the shared page cache): the smallest coding first. */
export const KEPT_ENCODINGS: readonly Encoding[] = ["br", "gzip"];

/**
 * The first of `preferred` the client accepts, else none (RFC 9110 §12.5.3: `q=0` refuses a
 * coding, `*` stands for any coding not named).
 */
export function pickEncoding(accept: string | string[] | undefined, preferred: readonly Encoding[]): Encoding | undefined {
  const value = Array.isArray(accept) ? accept.join(",") : (accept ?? "");
  const offered = new Map<string, number>();
  for (const part of value.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  return preferred.find(accepts);
}
