import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pictureTypeOf } from "./picture-type.ts";

describe("pictureTypeOf (an uploaded coin picture's real type)", () => {
  it("knows JPEG, PNG and WebP by their bytes", async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: "#c9a227" } });
    expect(pictureTypeOf(await base.clone().jpeg().toBuffer())?.ext).toBe("jpg");
    expect(pictureTypeOf(await base.clone().png().toBuffer())?.ext).toBe("png");
    expect(pictureTypeOf(await base.clone().webp().toBuffer())?.ext).toBe("webp");
  });

  it("refuses anything else, whatever its name would say: SVG, GIF, HTML, a RIFF that is not WebP, a cut-off header", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    for (const file of [
      bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      bytes("GIF89a......"),
      bytes("<script>alert(1)</script>"),
      bytes("RIFF\0\0\0\0WAVEfmt "),
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      new Uint8Array([0xff, 0xd8]),
    ]) {
      expect(pictureTypeOf(file)).toBeUndefined();
    }
  });
});
