import { mkdtempSync, rmSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import demoCatalog from "../catalog/demo-catalog.json" with { type: "json" };
import { migrateDatabase, openDatabase, type DatabaseHandle } from "../db/client.server.ts";
import { products } from "../db/schema.ts";
import { seedDatabase } from "../seed/seed.server.ts";
import { ensureProductImages, generatedSide } from "./product-images.server.ts";

let scratch: string;
let imagesDir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "images-test-"));
  // A nested folder that does not exist yet: the first run creates it.
  imagesDir = path.join(scratch, "data", "images");
  handle = await openDatabase({ dataDir: path.join(scratch, "db"), databaseUrl: undefined, databasePoolMax: 1 });
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { onlyNew: true });
}, 60_000);

afterAll(async () => {
  await handle?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function listPngs(): Promise<string[]> {
  return (await readdir(path.join(imagesDir, "products"))).sort();
}

describe("ensureProductImages", () => {
  it("draws the obverse and reverse of every active demo coin as 800 × 800 PNG", async () => {
    const result = await ensureProductImages(handle.db, imagesDir);
    const expected = demoCatalog.flatMap((coin) => [`products/${coin.slug}-1.png`, `products/${coin.slug}-2.png`]).sort();
    expect(result).toEqual({ created: expected, existing: 0 });
    expect(await listPngs()).toEqual(expected.map((src) => src.slice("products/".length)));

    for (const src of expected) {
      const meta = await sharp(path.join(imagesDir, src)).metadata();
      expect([meta.format, meta.width, meta.height], src).toEqual(["png", 800, 800]);
    }
  }, 60_000);

  it("writes nothing when every picture is there, and only stats the files", async () => {
    const before = await Promise.all((await listPngs()).map(async (name) => (await stat(path.join(imagesDir, "products", name))).mtimeMs));
    const started = performance.now();
    const result = await ensureProductImages(handle.db, imagesDir);
    const elapsed = performance.now() - started;
    expect(result).toEqual({ created: [], existing: demoCatalog.length * 2 });
    const after = await Promise.all((await listPngs()).map(async (name) => (await stat(path.join(imagesDir, "products", name))).mtimeMs));
    expect(after).toEqual(before);
    expect(elapsed).toBeLessThan(1_000);
  });

  it("draws again only what went missing", async () => {
    const slug = demoCatalog[0]!.slug;
    await rm(path.join(imagesDir, "products", `${slug}-2.png`));
    expect(await ensureProductImages(handle.db, imagesDir)).toEqual({ created: [`products/${slug}-2.png`], existing: demoCatalog.length * 2 - 1 });
    const meta = await sharp(path.join(imagesDir, "products", `${slug}-2.png`)).metadata();
    expect([meta.width, meta.height]).toEqual([800, 800]);
    // No temporary files are left behind.
    expect((await listPngs()).every((name) => name.endsWith(".png"))).toBe(true);
  });

  it("leaves archived products and the operator's own pictures alone", async () => {
    const [first, second] = demoCatalog;
    await handle.db.update(products).set({ status: "archived" }).where(eq(products.slug, first!.slug));
    await handle.db
      .update(products)
      .set({
        images: [
          { src: "uploads/photo.jpg", alt: "фото", width: 1200, height: 900 },
          { src: `products/${first!.slug}-1.png`, alt: "чужая картинка", width: 800, height: 800 },
          { src: `products/${second!.slug}-3.png`, alt: "третья", width: 800, height: 800 },
        ],
      })
      .where(eq(products.slug, second!.slug));
    await rm(path.join(imagesDir, "products"), { recursive: true });

    const result = await ensureProductImages(handle.db, imagesDir);
    expect(result.created).toHaveLength((demoCatalog.length - 2) * 2);
    expect(result.created.some((src) => src.includes(first!.slug) || src.includes(second!.slug))).toBe(false);
    await expect(stat(path.join(imagesDir, "uploads"))).rejects.toThrow();
  }, 60_000);

  it("recognises only its own file names", () => {
    expect(generatedSide("products/abc-1.png", "abc")).toBe("obverse");
    expect(generatedSide("products/abc-2.png", "abc")).toBe("reverse");
    expect(generatedSide("products/abc-3.png", "abc")).toBeUndefined();
    expect(generatedSide("products/abcd-1.png", "abc")).toBeUndefined();
    expect(generatedSide("/products/abc-1.png", "abc")).toBeUndefined();
    expect(generatedSide("products/../abc-1.png", "abc")).toBeUndefined();
  });
});
