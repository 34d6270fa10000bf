import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProductImage } from "#app/modules/db/schema.ts";
import { CoinImage } from "./CoinImage.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const obverse: ProductImage = { src: "products/georgiy-1.png", alt: "Георгий Победоносец, аверс", width: 800, height: 800 };

function img(element: React.ReactElement): HTMLImageElement {
  const { container } = render(element);
  return container.querySelector("img")!;
}

describe("CoinImage", () => {
  it("is a lazy webp picture through /_ipx at the breakpoint widths, sized from its record", () => {
    const image = img(<CoinImage image={obverse} sizes="(min-width: 768px) 320px, 50vw" />);
    expect(image.getAttribute("src")).toBe("/_ipx/f_webp,w_640/products/georgiy-1.png");
    expect(image.getAttribute("srcset")).toBe(
      "/_ipx/f_webp,w_320/products/georgiy-1.png 320w, /_ipx/f_webp,w_640/products/georgiy-1.png 640w, " +
        "/_ipx/f_webp,w_768/products/georgiy-1.png 768w, /_ipx/f_webp,w_800/products/georgiy-1.png 800w",
    );
    expect(image.getAttribute("sizes")).toBe("(min-width: 768px) 320px, 50vw");
    expect(image.getAttribute("width")).toBe("800");
    expect(image.getAttribute("height")).toBe("800");
    expect(image.getAttribute("alt")).toBe("Георгий Победоносец, аверс");
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("fetchpriority")).toBeNull();
  });

  it("loads at once and first when it is the priority picture", () => {
    const image = img(<CoinImage image={obverse} sizes="100vw" priority />);
    expect(image.getAttribute("loading")).toBe("eager");
    expect(image.getAttribute("fetchpriority")).toBe("high");
  });

  it("offers densities 1 and 2 at a fixed width without sizes", () => {
    const image = img(<CoinImage image={{ ...obverse, width: 800, height: 600 }} width={96} format="avif" />);
    expect(image.getAttribute("srcset")).toBe("/_ipx/f_avif,w_96/products/georgiy-1.png 1x, /_ipx/f_avif,w_192/products/georgiy-1.png 2x");
    expect(image.getAttribute("src")).toBe("/_ipx/f_avif,w_96/products/georgiy-1.png");
    expect(image.getAttribute("sizes")).toBeNull();
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["96", "72"]);
  });

  it("treats a single fixed width in sizes as a fixed picture at densities 1 and 2", () => {
    const image = img(<CoinImage image={obverse} sizes="80px" />);
    expect(image.getAttribute("srcset")).toBe("/_ipx/f_webp,w_80/products/georgiy-1.png 1x, /_ipx/f_webp,w_160/products/georgiy-1.png 2x");
    expect(image.getAttribute("sizes")).toBeNull();
    const card = img(<CoinImage image={obverse} sizes="320px" />);
    expect(card.getAttribute("srcset")).toBe("/_ipx/f_webp,w_320/products/georgiy-1.png 1x, /_ipx/f_webp,w_640/products/georgiy-1.png 2x");
  });

  it("logs a broken record once and renders it with width, height and ratio zero", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const broken = { src: "products/broken-1.png", alt: "Без размеров" } as ProductImage;
    const first = img(<CoinImage image={broken} sizes="(min-width: 768px) 320px, 50vw" />);
    expect([first.getAttribute("width"), first.getAttribute("height"), first.getAttribute("data-ratio")]).toEqual(["0", "0", "0"]);
    expect(first.getAttribute("srcset")).toContain("/_ipx/f_webp,w_320/products/broken-1.png 320w");
    img(<CoinImage image={{ ...broken, width: -5, height: 800 }} sizes="320px" />);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain("products/broken-1.png");
  });
});
