import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Personal data at rest (115-FZ identification): AES-256-GCM with a random
 * 96-bit nonce per value. Each ciphertext carries the id of the key that made it, so keys can
 * be rotated: the current key encrypts, the current and every old key listed decrypt.
 *
 * Stored form: "v1.<key id>.<nonce>.<tag>.<ciphertext>", each part base64url. The key id is the
 * first 8 hex digits of SHA-256 of the key, so no one has to name keys by hand.
 */

export type PiiKey = { id: string; key: Buffer };
export type PiiKeyring = { current: PiiKey; old: PiiKey[] };

export class PiiDecryptError extends Error {
  override name = "PiiDecryptError";
}

/** A key given as 64 hex digits or base64/base64url of 32 bytes; null when it is anything else. */
export function parsePiiKey(text: string): PiiKey | null {
  const value = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(value)) key = Buffer.from(value, "hex");
  else if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) key = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (!key || key.length !== 32) return null;
  return { id: piiKeyId(key), key };
}

export function piiKeyId(key: Buffer): string {
  return createHash("sha256").update("pii-key:").update(key).digest("hex").slice(0, 8);
}

export function generatePiiKey(): string {
  return randomBytes(32).toString("base64");
}

const b64 = (buffer: Buffer) => buffer.toString("base64url");

/** Encrypts one value (a JSON text) with the current key; `context` binds it to its row kind (additional data). */
export function encryptPii(keyring: PiiKeyring, plaintext: string, context = "identification"): { keyId: string; ciphertext: string } {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyring.current.key, nonce);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return { keyId: keyring.current.id, ciphertext: ["v1", keyring.current.id, b64(nonce), b64(tag), b64(body)].join(".") };
}

/** Decrypts a value made by encryptPii with any key of the ring; a wrong key, a changed byte or a missing key throws PiiDecryptError. */
export function decryptPii(keyring: PiiKeyring, stored: string, context = "identification"): string {
  const parts = stored.split(".");
  if (parts.length !== 5 || parts[0] !== "v1") throw new PiiDecryptError("неизвестный формат зашифрованных данных");
  const [, keyId, nonce, tag, body] = parts as [string, string, string, string, string];
  const key = [keyring.current, ...keyring.old].find((candidate) => candidate.id === keyId);
  if (!key) throw new PiiDecryptError(`нет ключа ${keyId}: добавьте прежний ключ в PII_ENCRYPTION_OLD_KEYS`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(nonce, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new PiiDecryptError("данные повреждены или зашифрованы другим ключом");
  }
}
