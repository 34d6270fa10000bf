import { describe, expect, it } from "vitest";
import { KEPT_ENCODINGS, pickEncoding, STREAMED_ENCODINGS } from "./accept-encoding.ts";

describe("pickEncoding", () => {
  it.each([
    // Chromium, Firefox and Edge over HTTPS (and Chromium on localhost).
    ["gzip, deflate, br, zstd", "zstd", "br"],
    // Safari.
    ["gzip, deflate, br", "br", "br"],
    // Node's fetch, curl --compressed, older clients.
    ["gzip, deflate", "gzip", "gzip"],
    ["deflate", undefined, undefined],
    ["identity", undefined, undefined],
    ["", undefined, undefined],
    // RFC 9110: q=0 refuses a coding; * stands for the ones not named.
    ["zstd;q=0, br;q=0, gzip", "gzip", "gzip"],
    ["ZSTD;Q=0.5, GZIP", "zstd", "gzip"],
    ["*", "zstd", "br"],
    ["*;q=0, gzip", "gzip", "gzip"],
    ["br;q=0, *", "zstd", "gzip"],
    // Hostile or broken headers pick nothing they did not offer and never throw.
    [";;;,,, q=1", undefined, undefined],
    ["gzip;q=abc", undefined, undefined],
    ["x".repeat(10_000), undefined, undefined],
  ])("%j: %s for a streamed page, %s for a kept one", (accept, streamed, kept) => {
    expect(pickEncoding(accept, STREAMED_ENCODINGS)).toBe(streamed);
    expect(pickEncoding(accept, KEPT_ENCODINGS)).toBe(kept);
  });

  it("reads a header node split into several lines", () => {
    expect(pickEncoding(["gzip", "zstd"], STREAMED_ENCODINGS)).toBe("zstd");
    expect(pickEncoding(undefined, STREAMED_ENCODINGS)).toBeUndefined();
  });
});
