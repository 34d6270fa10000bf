import { afterEach, describe, expect, it } from "vitest";
import { pushEcommerce } from "./metrica.ts";

describe("pushEcommerce", () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "window");
  });

  it("does nothing on the server", () => {
    expect(() => pushEcommerce("add", [{ id: "AU-0001", name: "Георгий", price: 95_390, quantity: 1 }])).not.toThrow();
  });

  it("pushes the Metrica e-commerce shape with currency RUB", () => {
    const fake = {} as { dataLayer?: unknown[] };
    Object.assign(globalThis, { window: fake });
    pushEcommerce("add", [{ id: "AU-0001", name: "Георгий Победоносец", price: 95_390, quantity: 2 }]);
    pushEcommerce("remove", [{ id: "AU-0001", name: "Георгий Победоносец", price: null, quantity: 1 }]);
    expect(fake.dataLayer).toEqual([
      { ecommerce: { currencyCode: "RUB", add: { products: [{ id: "AU-0001", name: "Георгий Победоносец", price: 95_390, quantity: 2 }] } } },
      { ecommerce: { currencyCode: "RUB", remove: { products: [{ id: "AU-0001", name: "Георгий Победоносец", quantity: 1 }] } } },
    ]);
  });
});
