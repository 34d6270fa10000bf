import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptPii, encryptPii, generatePiiKey, parsePiiKey, PiiDecryptError, type PiiKeyring } from "./pii-crypto.server.ts";

const ring = (current: string, ...old: string[]): PiiKeyring => ({ current: parsePiiKey(current)!, old: old.map((key) => parsePiiKey(key)!) });

describe("PII encryption (AES-256-GCM)", () => {
  const keyA = generatePiiKey();
  const keyB = randomBytes(32).toString("hex");
  const text = JSON.stringify({ fullName: "Иванов Иван Иванович", passport: "4510 123456" });

  it("round-trips and never stores the plaintext", () => {
    const sealed = encryptPii(ring(keyA), text);
    expect(sealed.ciphertext).not.toContain("Иванов");
    expect(sealed.ciphertext).not.toContain("123456");
    expect(sealed.ciphertext.split(".")[1]).toBe(sealed.keyId);
    expect(decryptPii(ring(keyA), sealed.ciphertext)).toBe(text);
    // A fresh nonce each time: the same value never gives the same ciphertext.
    expect(encryptPii(ring(keyA), text).ciphertext).not.toBe(sealed.ciphertext);
  });

  it("fails with a wrong key", () => {
    const sealed = encryptPii(ring(keyA), text);
    const wrong: PiiKeyring = { current: { ...parsePiiKey(keyB)!, id: parsePiiKey(keyA)!.id }, old: [] };
    expect(() => decryptPii(wrong, sealed.ciphertext)).toThrow(PiiDecryptError);
    expect(() => decryptPii(ring(keyB), sealed.ciphertext)).toThrow(/PII_ENCRYPTION_OLD_KEYS/);
  });

  it("fails when a byte is changed", () => {
    const sealed = encryptPii(ring(keyA), text);
    const parts = sealed.ciphertext.split(".");
    const body = Buffer.from(parts[4]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString("base64url");
    expect(() => decryptPii(ring(keyA), parts.join("."))).toThrow(PiiDecryptError);
    expect(() => decryptPii(ring(keyA), sealed.ciphertext, "other-context")).toThrow(PiiDecryptError);
  });

  it("reads values of an old key after rotation and writes with the new one", () => {
    const before = encryptPii(ring(keyA), text);
    const rotated = ring(keyB, keyA);
    expect(decryptPii(rotated, before.ciphertext)).toBe(text);
    expect(encryptPii(rotated, text).keyId).toBe(parsePiiKey(keyB)!.id);
  });

  it("accepts 32-byte keys in hex or base64 only", () => {
    expect(parsePiiKey(keyB)?.key.length).toBe(32);
    expect(parsePiiKey(keyA)?.key.length).toBe(32);
    expect(parsePiiKey("short")).toBeNull();
    expect(parsePiiKey(randomBytes(16).toString("hex"))).toBeNull();
  });
});
