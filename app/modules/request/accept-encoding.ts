/** The compression the client accepts that the shop prefers: brotli, then gzip, else none (RFC 9110 §12.5.3). */
export function pickEncoding(accept: string | string[] | undefined): "br" | "gzip" | undefined {
  const value = Array.isArray(accept) ? accept.join(",") : (accept ?? "");
  const offered = new Map<string, number>();
  for (const part of value.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return undefined;
}
