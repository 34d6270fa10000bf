import { describe, expect, it } from "vitest";
import { PAYMENT_IDS } from "../payments/methods.ts";
import {
  type CheckoutDelivery,
  DELIVERY_IDS,
  FREE_DELIVERY_GROUP_NAME,
  type DeliveryGroup,
  applyProfileDelivery,
  chooseDeliveryItem,
  defaultCheckoutDelivery,
  deliveryTypeOf,
  deriveCheckoutDelivery,
  isCourierDelivery,
  isFreeDelivery,
  isSpecialDelivery,
  turnOffSpecialDelivery,
} from "./rules.ts";

const sdekGroup: DeliveryGroup = {
  name: "СДЭК",
  type: "sdek",
  items: [
    { id: 79, pvz: true },
    { id: 80, pvz: true },
    { id: 45, pvz: false },
  ],
};
const freeGroup: DeliveryGroup = {
  name: FREE_DELIVERY_GROUP_NAME,
  type: "sdek",
  items: [
    { id: 76, pvz: true },
    { id: 77, pvz: true },
  ],
};
const specialCourier: DeliveryGroup = { name: "Специальная доставка", type: "specialcontact", items: [{ id: 43, pvz: false }] };
const specialPoint: DeliveryGroup = { name: "Специальная доставка", type: "specialcontact", items: [{ id: 43, pvz: true }] };

describe("ids and constants", () => {
  it("has the spec's delivery and payment ids", () => {
    expect(DELIVERY_IDS).toEqual({
      pickupPoint: 79,
      parcelLocker: 80,
      freePickupPoint: 76,
      freeParcelLocker: 77,
      courier: 45,
      freeCourier: 75,
      officePickup: 35,
      specialContact: 43,
    });
    expect(PAYMENT_IDS).toEqual({ online: 4, onReceipt: 6, invoice: 7 });
  });

  it("turns the courier flag on for 45 and 75 only", () => {
    expect([45, 75].map(isCourierDelivery)).toEqual([true, true]);
    expect([79, 80, 76, 77, 35, 43].map(isCourierDelivery)).toEqual([false, false, false, false, false, false]);
  });

  it("gives each id its type", () => {
    expect(deliveryTypeOf(35)).toBe("pickup");
    expect(deliveryTypeOf(43)).toBe("specialcontact");
    for (const id of [79, 80, 76, 77, 45, 75]) expect(deliveryTypeOf(id)).toBe("sdek");
  });
});

describe("the state the groups give", () => {
  it("defaults to sdek pickup point 79, no courier, payment 4", () => {
    const expected: CheckoutDelivery = {
      deliveryId: 79,
      type: "sdek",
      courier: false,
      freeDelivery: false,
      specialDelivery: false,
      paymentId: 4,
    };
    expect(defaultCheckoutDelivery()).toEqual(expected);
    expect(deriveCheckoutDelivery([])).toEqual(expected);
    expect(deriveCheckoutDelivery([sdekGroup])).toEqual(expected);
  });

  it("switches free delivery on only when the first group is the free-delivery service", () => {
    expect(isFreeDelivery([freeGroup, sdekGroup])).toBe(true);
    expect(isFreeDelivery([sdekGroup, freeGroup])).toBe(false);
    expect(deriveCheckoutDelivery([freeGroup, sdekGroup])).toMatchObject({ freeDelivery: true, deliveryId: 76, type: "sdek", courier: false });
    expect(deriveCheckoutDelivery([sdekGroup, freeGroup]).freeDelivery).toBe(false);
  });

  it("switches special delivery on when the first group is special contact; the first item sets id, type and courier", () => {
    expect(isSpecialDelivery([specialCourier, sdekGroup])).toBe(true);
    expect(isSpecialDelivery([sdekGroup, specialCourier])).toBe(false);
    expect(deriveCheckoutDelivery([specialCourier, sdekGroup])).toEqual({
      deliveryId: 43,
      type: "specialcontact",
      courier: true,
      freeDelivery: false,
      specialDelivery: true,
      paymentId: 6,
    });
    expect(deriveCheckoutDelivery([specialPoint])).toMatchObject({ specialDelivery: true, courier: false, deliveryId: 43 });
    expect(deriveCheckoutDelivery([sdekGroup, specialCourier]).specialDelivery).toBe(false);
    expect(deriveCheckoutDelivery([{ ...specialCourier, items: [] }]).specialDelivery).toBe(false);
  });
});

describe("choosing an item", () => {
  const start = defaultCheckoutDelivery();
  it.each([
    [79, true, "sdek", false],
    [80, true, "sdek", false],
    [76, true, "sdek", false],
    [77, true, "sdek", false],
    [45, false, "sdek", true],
    [75, false, "sdek", true],
    [35, true, "pickup", false],
  ] as const)("item %i sets type and courier", (id, pvz, type, courier) => {
    expect(chooseDeliveryItem(start, { id, pvz })).toEqual({ ...start, deliveryId: id, type, courier, specialDelivery: false, paymentId: 4 });
  });

  it("special contact: courier when pvz is false, payment on receipt", () => {
    expect(chooseDeliveryItem(start, { id: 43, pvz: false })).toMatchObject({ type: "specialcontact", courier: true, specialDelivery: true, paymentId: 6 });
    expect(chooseDeliveryItem(start, { id: 43, pvz: true })).toMatchObject({ type: "specialcontact", courier: false, paymentId: 6 });
  });

  it("keeps the free-delivery flag", () => {
    expect(chooseDeliveryItem({ ...start, freeDelivery: true }, { id: 77, pvz: true }).freeDelivery).toBe(true);
  });
});

describe("turning special delivery off", () => {
  it("resets to pickup point 79, sdek, courier off, payment 4", () => {
    const on = deriveCheckoutDelivery([specialCourier, sdekGroup]);
    expect(turnOffSpecialDelivery(on)).toEqual({ ...defaultCheckoutDelivery() });
  });

  it("resets to the free pickup point 76 when free delivery is on", () => {
    const on: CheckoutDelivery = { ...deriveCheckoutDelivery([specialCourier]), freeDelivery: true };
    expect(turnOffSpecialDelivery(on)).toEqual({
      deliveryId: 76,
      type: "sdek",
      courier: false,
      freeDelivery: true,
      specialDelivery: false,
      paymentId: 4,
    });
  });
});

describe("saved profile delivery (select_dlv_service)", () => {
  const start = defaultCheckoutDelivery();
  it("35 gives type pickup", () => {
    expect(applyProfileDelivery(start, 35)).toEqual({ ...start, deliveryId: 35, type: "pickup", courier: false });
  });
  it("45 gives sdek and courier", () => {
    expect(applyProfileDelivery(start, 45)).toEqual({ ...start, deliveryId: 45, type: "sdek", courier: true });
  });
  it("75 gives sdek; the courier flag is left as it was", () => {
    expect(applyProfileDelivery(start, 75)).toEqual({ ...start, deliveryId: 75, type: "sdek", courier: false });
    expect(applyProfileDelivery({ ...start, courier: true }, 75).courier).toBe(true);
  });
  it("43 gives specialcontact with payment 6", () => {
    expect(applyProfileDelivery(start, 43)).toEqual({ ...start, deliveryId: 43, type: "specialcontact", paymentId: 6 });
  });
  it("pickup-point and locker ids give sdek without courier", () => {
    for (const id of [79, 80, 76, 77])
      expect(applyProfileDelivery({ ...start, courier: true }, id)).toMatchObject({ deliveryId: id, type: "sdek", courier: false });
  });
  it("accepts numeric strings; empty or unknown values leave the state alone", () => {
    expect(applyProfileDelivery(start, "45")).toMatchObject({ deliveryId: 45, courier: true });
    for (const value of [undefined, null, "", "abc", 12, "4 5"]) expect(applyProfileDelivery(start, value)).toBe(start);
  });
});
