import { describe, expect, it } from "vitest";
import { breadcrumbsJsonLd, serializeJsonLd, storeJsonLd } from "./json-ld.ts";
import { canonicalUrl, pageMeta, shouldNoindex } from "./meta.ts";

describe("meta", () => {
  it("titles pages with the shop's name", () => {
    expect(pageMeta({ title: "Контакты" })[0]).toEqual({ title: "Контакты — Аурум" });
  });

  it("builds absolute canonical addresses without the query", () => {
    expect(canonicalUrl("https://shop.example", "/")).toBe("https://shop.example/");
    expect(canonicalUrl("https://shop.example", "/catalog/gold/")).toBe("https://shop.example/catalog/gold");
  });

  it("asks not to index any address with query parameters", () => {
    expect(shouldNoindex("")).toBe(false);
    expect(shouldNoindex("?")).toBe(false);
    expect(shouldNoindex("?sort=price")).toBe(true);
  });
});

describe("JSON-LD", () => {
  it("publishes both phones, the support extension and the office hours", () => {
    const store = storeJsonLd("https://shop.example");
    const text = JSON.stringify(store);
    expect(store["@type"]).toBe("Store");
    expect(text).toContain("+74952696999");
    expect(text).toContain("+78005002972;ext=107");
    expect(store.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "10:00", closes: "18:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday"], opens: "10:00", closes: "17:00" },
    ]);
    expect(store.address.addressLocality).toBe("Москва");
  });

  it("cannot be broken out of by a value containing </script>", () => {
    const json = serializeJsonLd(breadcrumbsJsonLd("https://shop.example", [{ name: "</script><script>alert(1)</script>", href: "/x" }]));
    expect(json).not.toContain("</script>");
    expect(JSON.parse(json).itemListElement[0].name).toBe("</script><script>alert(1)</script>");
  });
});
