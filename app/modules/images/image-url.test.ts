import { describe, expect, it } from "vitest";
import { breakpoints } from "../../ui/tokens/breakpoints.ts";
import { imageDensitySrcSet, imageMetadata, imageSrcSet, ipxUrl, parseIpxPath, srcSetWidths, type IpxRequest } from "./image-url.ts";

const widths = Object.values(breakpoints);

describe("ipxUrl", () => {
  it("asks for webp by default, with the modifiers of the spec", () => {
    expect(ipxUrl("products/georgiy-1.png", { width: 320 })).toBe("/_ipx/f_webp,w_320/products/georgiy-1.png");
    expect(ipxUrl("/products/georgiy-1.png")).toBe("/_ipx/f_webp/products/georgiy-1.png");
    expect(ipxUrl("products/georgiy-1.png", { width: 800, format: "jpeg" })).toBe("/_ipx/f_jpeg,w_800/products/georgiy-1.png");
    expect(ipxUrl("products/a.png", { width: 100, height: 50, fit: "contain", quality: 70, background: "#FFFFFF", format: "avif" })).toBe(
      "/_ipx/f_avif,fit_contain,q_70,b_FFFFFF,s_100x50/products/a.png",
    );
    expect(ipxUrl("products/a.png", { height: 200.4 })).toBe("/_ipx/f_webp,h_200/products/a.png");
  });

  it("encodes the path segments of a file and keeps a remote URL readable", () => {
    expect(ipxUrl("products/монета 1.png", { width: 320 })).toBe("/_ipx/f_webp,w_320/products/%D0%BC%D0%BE%D0%BD%D0%B5%D1%82%D0%B0%201.png");
    expect(ipxUrl("products/a?b#c.png")).toBe("/_ipx/f_webp/products/a%3Fb%23c.png");
    expect(ipxUrl("https://cdn.example.ru/coins/a.png?v=2", { width: 640 })).toBe("/_ipx/f_webp,w_640/https://cdn.example.ru/coins/a.png%3Fv=2");
  });

  it("builds addresses the server accepts as they were meant", () => {
    const parsed = parseIpxPath(ipxUrl("products/монета 1.png", { width: 320 }).slice("/_ipx".length));
    expect(parsed).toEqual({ ok: true, id: "/products/монета 1.png", remote: false, modifiers: { f: "webp", w: "320" } });
    const remote = parseIpxPath(ipxUrl("https://cdn.example.ru/a.png?v=2", { width: 56 }).slice("/_ipx".length), { remoteHost: "cdn.example.ru" });
    expect(remote).toEqual({ ok: true, id: "https://cdn.example.ru/a.png?v=2", remote: true, modifiers: { f: "webp", w: "56" } });
  });

  it("never asks for more than the picture has: its own width when served, else its own size", () => {
    expect(ipxUrl("x.png", { width: 640, intrinsicWidth: 800 })).toBe("/_ipx/f_webp,w_640/x.png");
    expect(ipxUrl("x.png", { width: 1024, intrinsicWidth: 800 })).toBe("/_ipx/f_webp,w_800/x.png");
    expect(ipxUrl("x.png", { width: 1024, intrinsicWidth: 500 })).toBe("/_ipx/f_webp/x.png");
    expect(ipxUrl("x.png", { width: 96, intrinsicWidth: 0 })).toBe("/_ipx/f_webp,w_96/x.png");
  });
});

describe("srcset", () => {
  it("offers the breakpoints at densities 1 and 2, never wider than the picture", () => {
    expect(srcSetWidths({ widths, intrinsicWidth: 800 })).toEqual([320, 640, 768, 800]);
    expect(srcSetWidths({ widths, intrinsicWidth: 2000 })).toEqual([320, 640, 768, 1024, 1280, 1536, 2000]);
    expect(srcSetWidths({ widths, intrinsicWidth: 200 })).toEqual([200]);
    // Unknown size (a broken record): every width, up to the proxy's limit.
    expect(srcSetWidths({ widths, intrinsicWidth: 0 })).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072]);
    expect(srcSetWidths({ widths, intrinsicWidth: 800, densities: [1] })).toEqual([320, 640, 768, 800]);
  });

  it("writes a w srcset through the proxy in webp", () => {
    expect(imageSrcSet("products/x-1.png", { widths, intrinsicWidth: 800 })).toBe(
      [
        "/_ipx/f_webp,w_320/products/x-1.png 320w",
        "/_ipx/f_webp,w_640/products/x-1.png 640w",
        "/_ipx/f_webp,w_768/products/x-1.png 768w",
        "/_ipx/f_webp,w_800/products/x-1.png 800w",
      ].join(", "),
    );
    expect(imageSrcSet("products/x-1.png", { widths: [320], intrinsicWidth: 800, format: "avif", quality: 50 })).toBe(
      "/_ipx/f_avif,q_50,w_320/products/x-1.png 320w, /_ipx/f_avif,q_50,w_640/products/x-1.png 640w",
    );
  });

  it("writes a density srcset for a fixed width, leaving out what the picture cannot give", () => {
    expect(imageDensitySrcSet("products/x-1.png", { width: 320, intrinsicWidth: 800 })).toBe(
      "/_ipx/f_webp,w_320/products/x-1.png 1x, /_ipx/f_webp,w_640/products/x-1.png 2x",
    );
    expect(imageDensitySrcSet("products/x-1.png", { width: 96, height: 96, intrinsicWidth: 800 })).toBe(
      "/_ipx/f_webp,s_96x96/products/x-1.png 1x, /_ipx/f_webp,s_192x192/products/x-1.png 2x",
    );
    expect(imageDensitySrcSet("products/x-1.png", { width: 600, intrinsicWidth: 800 })).toBe(
      "/_ipx/f_webp,w_600/products/x-1.png 1x, /_ipx/f_webp,w_800/products/x-1.png 1.33x",
    );
    expect(imageDensitySrcSet("products/x-1.png", { width: 800, intrinsicWidth: 800 })).toBe("/_ipx/f_webp,w_800/products/x-1.png 1x");
  });
});

describe("imageMetadata", () => {
  it("gives width, height and ratio of a sound record", () => {
    expect(imageMetadata({ width: 800, height: 400 })).toEqual({ width: 800, height: 400, ratio: 2, valid: true });
  });

  it("gives zeros for a broken one (spec section 8)", () => {
    const broken = { width: 0, height: 0, ratio: 0, valid: false };
    for (const record of [
      {},
      { width: 800 },
      { width: 0, height: 800 },
      { width: -1, height: 5 },
      { width: "800", height: "800" },
      { width: Number.NaN, height: 1 },
      { width: Infinity, height: 1 },
    ]) {
      expect(imageMetadata(record)).toEqual(broken);
    }
  });
});

describe("parseIpxPath", () => {
  const ok = (path: string, remoteHost?: string) => {
    const parsed = parseIpxPath(path, { remoteHost });
    if (!parsed.ok) throw new Error(`${path}: ${parsed.message}`);
    return parsed;
  };
  const status = (parsed: IpxRequest) => (parsed.ok ? 200 : parsed.status);

  it("reads a format and a width under their short and long names", () => {
    expect(ok("/w_320,f_webp/products/x-1.png")).toEqual({ ok: true, id: "/products/x-1.png", remote: false, modifiers: { w: "320", f: "webp" } });
    expect(ok("/_/products/x-1.png").modifiers).toEqual({});
    expect(ok("/format_jpg&width_112/x.png").modifiers).toEqual({ f: "jpeg", w: "112", b: "#ffffff", flatten: "" });
  });

  it("serves only the variants the shop's pages ask for: 400 for any other", () => {
    for (const modifiers of [
      "s_4096x4096,f_avif",
      "w_4096",
      "w_100",
      "w_321",
      "h_50",
      "w_112,h_56",
      "s_100x50",
      "q_50,w_320",
      "fit_contain,w_320",
      "b_000,w_320",
      "f_png",
      "f_png,w_320",
    ]) {
      expect(parseIpxPath(`/${modifiers}/x.png`), modifiers).toMatchObject({ ok: false, status: 400, code: "bad_variant" });
    }
    for (const width of [56, 112, 80, 160, 96, 192, 120, 240, 320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072, 800, 1200, 1600]) {
      for (const format of ["webp", "avif", "jpeg"]) expect(status(parseIpxPath(`/f_${format},w_${width}/x.png`)), `${format} ${width}`).toBe(200);
    }
  });

  it("refuses what the spec does not name, and values out of range", () => {
    for (const modifiers of [
      "blur_5",
      "w_0",
      "w_abc",
      "w_5000",
      "w_-1",
      "q_0",
      "q_101",
      "f_gif",
      "f_auto",
      "fit_zoom",
      "b_red",
      "b_ggg",
      "s_100",
      "s_0x10",
      "w_1,w_2",
      "s_10x10,w_5",
      "enlarge",
      "w_1e3",
    ]) {
      const parsed = parseIpxPath(`/${modifiers}/x.png`);
      expect(status(parsed), modifiers).toBe(400);
    }
    expect(status(parseIpxPath("/w_100"))).toBe(400);
    expect(status(parseIpxPath("/w_100/"))).toBe(400);
    expect(status(parseIpxPath("/%E0%A4%A/x.png"))).toBe(400);
  });

  it("refuses ways out of the folders and hidden files", () => {
    expect(status(parseIpxPath("/_/..%2F..%2Fetc%2Fpasswd"))).toBe(403);
    expect(status(parseIpxPath("/_/products/../../secret.png"))).toBe(403);
    expect(status(parseIpxPath("/_/%2e%2e/x.png"))).toBe(403);
    expect(status(parseIpxPath("/_/..\\..\\x.png"))).toBe(400);
    expect(status(parseIpxPath("/_/x.png%00.png"))).toBe(400);
    expect(status(parseIpxPath("/_/.env"))).toBe(404);
    expect(ok("/_//products//x.png").id).toBe("/products/x.png");
  });

  it("takes a remote source only from the configured host", () => {
    expect(status(parseIpxPath("/w_100/https://evil.example/x.png"))).toBe(403);
    expect(status(parseIpxPath("/w_100/https://evil.example/x.png", { remoteHost: "cdn.example.ru" }))).toBe(403);
    expect(status(parseIpxPath("/w_100/https://cdn.example.ru.evil.example/x.png", { remoteHost: "cdn.example.ru" }))).toBe(403);
    expect(status(parseIpxPath("/w_100/https://user@cdn.example.ru/x.png", { remoteHost: "cdn.example.ru" }))).toBe(403);
    expect(status(parseIpxPath("/w_100/https://cdn.example.ru:8443/x.png", { remoteHost: "cdn.example.ru" }))).toBe(403);
    expect(status(parseIpxPath("/w_100/file:///etc/passwd", { remoteHost: "cdn.example.ru" }))).toBe(403);
    expect(status(parseIpxPath("/w_100/ftp://cdn.example.ru/x.png", { remoteHost: "cdn.example.ru" }))).toBe(403);
    expect(status(parseIpxPath("/w_100/https:%5C%5Cevil.example%5Cx.png", { remoteHost: "cdn.example.ru" }))).toBe(403);
    expect(ok("/w_112/https://CDN.example.ru/x.png", "cdn.example.ru")).toMatchObject({ id: "https://cdn.example.ru/x.png", remote: true });
    expect(ok("/w_112/http://127.0.0.1:8080/a/b.png", "127.0.0.1:8080")).toMatchObject({ id: "http://127.0.0.1:8080/a/b.png", remote: true });
    expect(status(parseIpxPath("/w_100/http://127.0.0.1:8081/a/b.png", { remoteHost: "127.0.0.1:8080" }))).toBe(403);
  });
});
