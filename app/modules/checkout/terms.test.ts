import { describe, expect, it } from "vitest";
import { emptyDraft } from "./draft.ts";
import { orderTerms, parseTermsKey, termsKey } from "./terms.ts";

describe("the terms a checkout page shows", () => {
  const cart = { lines: [{ product: { id: 3, price: 39_619 }, quantity: 2 }], totalPrice: 79_238 } as unknown as Parameters<typeof orderTerms>[0];

  it("read back from the page's field are the same terms", () => {
    const terms = orderTerms(cart, emptyDraft(), { id: 45, price: 390 });
    expect(terms).toMatchObject({ lines: [[3, 2, 39_619]], deliveryId: 45, deliveryPrice: 390, goods: 79_238, total: 79_628 });
    expect(parseTermsKey(termsKey(terms))).toEqual(terms);
    expect(orderTerms(cart, emptyDraft(), null)).toMatchObject({ deliveryId: null, deliveryPrice: null, total: 79_238 });
  });

  it("are nothing when the field is missing or made up", () => {
    for (const text of [
      null,
      "",
      "[]",
      "{}",
      '[[[1,1,1]],"x",76,0,4,1]',
      '[[["1",1,1]],"x",76,0,4,1,1]',
      '[[[1,-1,1]],"x",76,0,4,1,1]',
      "x".repeat(5000),
      '[[[1,1,1]],"x",76,0,4,1,1e400]',
    ]) {
      expect(parseTermsKey(text), String(text).slice(0, 40)).toBeNull();
    }
  });
});
