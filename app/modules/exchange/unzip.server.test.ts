import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { unpackZip, type ZipLimits } from "./unzip.server.ts";

const limits: ZipLimits = { maxEntries: 5, maxTotalBytes: 1024 * 1024, maxRatio: 100, ratioFloorBytes: 64 * 1024 };
const text = (value: string) => new TextEncoder().encode(value);

/** A stored (level 0) or deflated zip of the given files. */
const zipOf = (files: Record<string, Uint8Array>, level: 0 | 9 = 9) => Buffer.from(zipSync(files, { level }));

describe("unpackZip", () => {
  it("unpacks the files 1C packs, folders and pictures included", async () => {
    const result = await unpackZip(
      zipOf({ "import.xml": text("<a/>"), "offers.xml": text("<b/>"), "import_files/ab/c.jpg": new Uint8Array([1, 2, 3]) }),
      limits,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.files.map((file) => [file.name, file.content.length])).toEqual([
      ["import.xml", 4],
      ["offers.xml", 4],
      ["import_files/ab/c.jpg", 3],
    ]);
  });

  it("refuses a zip bomb by its ratio, before inflating it", async () => {
    const bomb = zipOf({ "import.xml": new Uint8Array(900 * 1024) });
    expect(bomb.length).toBeLessThan(9 * 1024);
    const result = await unpackZip(bomb, limits);
    expect(result).toEqual({ ok: false, reason: expect.stringContaining("zip-бомбу") });
  });

  it("refuses archives that unpack past the total, or hold too many files", async () => {
    const big = new Uint8Array(600 * 1024).map((_, i) => (i * 7919) % 251);
    expect(await unpackZip(zipOf({ "a.xml": big, "b.xml": big }, 0), limits)).toEqual({ ok: false, reason: expect.stringContaining("больше 1 МБ") });
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.xml`, text("x")]));
    expect(await unpackZip(zipOf(many), limits)).toEqual({ ok: false, reason: "в архиве больше 5 файлов" });
  });

  it("refuses a file whose inflated size is not the declared one (a lying header)", async () => {
    const zip = zipOf({ "import.xml": text("x".repeat(1000)) }, 0);
    // Declare 10 bytes in both headers: the stored data is 1000.
    const lie = Buffer.from(zip);
    for (let at = lie.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04])); at >= 0; at = -1) lie.writeUInt32LE(10, at + 22);
    const central = lie.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lie.writeUInt32LE(10, central + 24);
    const result = await unpackZip(lie, limits);
    expect(result.ok).toBe(false);
  });

  it("refuses a path that leaves the exchange's folder, and what is no zip at all", async () => {
    const evil = zipOf({ "x.xml": text("x") });
    // Rename the entry to "../x" in both headers (same length, so the offsets hold).
    const renamed = Buffer.from(evil.toString("latin1").replaceAll("x.xml", "../xm"), "latin1");
    expect(await unpackZip(renamed, limits)).toEqual({ ok: false, reason: "недопустимое имя файла в архиве: ../xm" });
    expect(await unpackZip(Buffer.from("<КоммерческаяИнформация/>"), limits)).toEqual({ ok: false, reason: "файл не является zip-архивом или повреждён" });
  });
});
