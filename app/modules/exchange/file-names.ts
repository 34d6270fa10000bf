/**
 * The names 1C gives the files of an exchange (mode=file&filename=…, and the entries of a zip):
 * import.xml, offers.xml, orders.xml, and pictures under import_files/… . A name is kept only as
 * a relative path whose every part is plain (letters of any script, digits, "_", "-", ".", a
 * space), so no name can reach outside the exchange's own files: no "..", no leading "/", no
 * drive, no backslash, no control character.
 */

const MAX_NAME_LENGTH = 255;
const MAX_DEPTH = 8;
const plainPart = /^[\p{L}\p{N}_\-. ]+$/u;

/** The name as stored, or undefined when it is not acceptable. */
export function sanitizeExchangeFileName(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const name = raw.normalize("NFC").trim();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return undefined;
  // Slashes only, and a name, not a folder.
  if (name.includes("\\") || name.startsWith("/") || name.endsWith("/")) return undefined;
  const parts = name.split("/");
  if (parts.length > MAX_DEPTH) return undefined;
  for (const part of parts) {
    if (part === "" || part === "." || part === ".." || part.trim() !== part) return undefined;
    if (!plainPart.test(part)) return undefined;
  }
  return name;
}

/** The file's own name, lower-cased, for telling import.xml from offers.xml from orders.xml (1C may prefix them: import0_1.xml). */
export function baseNameOf(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1).toLowerCase();
}

export function isZipName(name: string): boolean {
  return baseNameOf(name).endsWith(".zip");
}
