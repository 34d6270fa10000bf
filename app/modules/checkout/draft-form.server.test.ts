import { describe, expect, it } from "vitest";
import { applyPostedFields, parseCheckoutPost, readDraft, validateForOrder } from "./draft-form.server.ts";
import { emptyDraft, FIELD_LIMITS } from "./draft.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
/** A post's texts as the action reads them. */
const posted = (fields: Record<string, string>) => parseCheckoutPost(form(fields)).texts;

describe("applyPostedFields", () => {
  it("keeps what was posted before when a post leaves a field out, and takes what it sends", () => {
    const first = applyPostedFields(emptyDraft(), posted({ name: "Пётр", lastName: "Иванов", street: "Тверская" }));
    const second = applyPostedFields(first, posted({ comment: "Позвоните за час" }));
    expect(second.contact).toMatchObject({ name: "Пётр", lastName: "Иванов" });
    expect(second.address.street).toBe("Тверская");
    expect(second.comment).toBe("Позвоните за час");
  });

  it("cuts hostile lengths to the limits instead of refusing to save", () => {
    const draft = applyPostedFields(emptyDraft(), posted({ name: "я".repeat(10_000), comment: "x".repeat(50_000), addressMessage: "m".repeat(9_999) }));
    expect(draft.contact.name).toHaveLength(FIELD_LIMITS.name);
    expect(draft.comment).toHaveLength(FIELD_LIMITS.comment);
    expect(draft.address.message).toHaveLength(FIELD_LIMITS.message);
  });
});

describe("readDraft", () => {
  it("falls back to the empty draft's values for anything malformed", () => {
    const draft = readDraft({ contact: "oops", city: { code: "not-a-code" }, delivery: { deliveryId: "79" }, pointCode: 5, errors: [], comment: 7 });
    expect(draft.contact).toEqual(emptyDraft().contact);
    expect(draft.city.code).toBe("0000073738");
    expect(draft.delivery).toEqual(emptyDraft().delivery);
    expect(draft.pointCode).toBeNull();
    expect(draft.comment).toBe("");
  });

  it("reads a draft stored with the errors of an old post without them: errors are never part of the draft (decision 029)", () => {
    const draft = readDraft({ contact: { name: "Пётр" }, errors: { name: ["Обязательное поле"] } });
    expect(draft.contact.name).toBe("Пётр");
    expect(draft).not.toHaveProperty("errors");
  });
});

describe("parseCheckoutPost", () => {
  it("reads the button pressed; none or an unknown one saves", () => {
    expect(parseCheckoutPost(form({})).intent).toBe("save");
    expect(parseCheckoutPost(form({ intent: "drop-tables" })).intent).toBe("save");
    expect(parseCheckoutPost(form({ intent: "login" })).intent).toBe("login");
  });

  it("takes each choice only in its own shape, as if a malformed one was not posted", () => {
    expect(parseCheckoutPost(form({ deliveryId: "76", paymentId: "4", pointCode: "MSK1", removeLine: "12" }))).toMatchObject({
      intent: "save",
      deliveryId: 76,
      paymentId: 4,
      pointCode: "MSK1",
      removeLine: "12",
    });
    const hostile = parseCheckoutPost(form({ deliveryId: "7.5", paymentId: "card" }));
    expect(hostile.deliveryId).toBeUndefined();
    expect(hostile.paymentId).toBeUndefined();
    // A city button was pressed (the branch follows it) even when its code is malformed; no city is taken from it.
    expect(parseCheckoutPost(form({ chooseCity: "0000073738" })).chooseCity).toBe("0000073738");
    expect(parseCheckoutPost(form({ chooseCity: "Москва" })).chooseCity).toBeNull();
    expect(parseCheckoutPost(form({})).chooseCity).toBeUndefined();
  });

  it("gives the order's button its token and terms, and the city search its query", () => {
    const place = parseCheckoutPost(form({ intent: "place", token: "a".repeat(24), shown: "[1]" }));
    expect(place).toMatchObject({ intent: "place", token: "a".repeat(24), shown: "[1]" });
    expect(parseCheckoutPost(form({ intent: "place", token: "short" }))).toMatchObject({ intent: "place", token: undefined });
    const search = parseCheckoutPost(form({ intent: "find-city", cityQuery: `  ${"К".repeat(80)} ` }));
    expect(search).toMatchObject({ intent: "find-city", cityQuery: "К".repeat(60) });
    expect(parseCheckoutPost(form({ intent: "find-city" }))).toMatchObject({ cityQuery: "" });
  });

  it("reads the typed quantities by product, the first of a field posted twice, and nothing that is not a line", () => {
    const body = form({ "qty:12": " 3 ", "qty:7": "abc", "qty:x": "5", "qty:": "5", qty: "5" });
    body.append("qty:12", "99");
    expect([...parseCheckoutPost(body).quantities]).toEqual([
      [12, " 3 "],
      [7, "abc"],
    ]);
  });

  it("reads the texts cut to their limits with one kind of line break, and leaves out a field not posted", () => {
    const { texts } = parseCheckoutPost(form({ comment: "Позвоните\r\nза час", street: "у".repeat(500), phone: "+7 925 000-00-01" }));
    expect(texts.comment).toBe("Позвоните\nза час");
    expect(texts.address.street).toHaveLength(FIELD_LIMITS.street);
    expect(texts.contact.phone).toBe("+7 925 000-00-01");
    expect(texts.contact.name).toBeUndefined();
    expect(texts.address.message).toBeUndefined();
  });
});

describe("validateForOrder", () => {
  const complete = () => applyPostedFields(emptyDraft(), posted({ name: "Пётр", lastName: "Иванов", email: "petr@example.ru", phone: "8 (925) 000-00-01" }));

  it("passes a complete pickup-point order with its point", () => {
    expect(validateForOrder({ ...complete(), pointCode: "MSK1" }, { needsPoint: true, courier: false })).toEqual({});
  });

  it("names each missing or wrong field in Russian, under the field's posted name", () => {
    const errors = validateForOrder(applyPostedFields(emptyDraft(), posted({ email: "not-an-email", phone: "123" })), { needsPoint: true, courier: false });
    expect(errors.name).toEqual(["Обязательное поле"]);
    expect(errors.lastName).toEqual(["Обязательное поле"]);
    expect(errors.email).toEqual(["Email указан неверно"]);
    expect(errors.phone?.[0]).toMatch(/\+7/);
    expect(errors.pointCode).toEqual(["Выберите пункт выдачи на карте или в списке"]);
  });

  it("asks a courier order for the street and the house", () => {
    const errors = validateForOrder(complete(), { needsPoint: false, courier: true });
    expect(errors).toEqual({ street: ["Укажите улицу"], house: ["Укажите дом"] });
  });

  it("refuses a floor of −3, a zero entrance and an emoji apartment under their own fields", () => {
    const draft = applyPostedFields(complete(), posted({ street: "Тверская", house: "1", floor: "−3", entrance: "0", room: "😀" }));
    const errors = validateForOrder(draft, { needsPoint: false, courier: true });
    expect(errors).toEqual({
      floor: ["Этаж — число от 1 до 99. Цокольный или подземный этаж укажите в сообщении курьеру"],
      entrance: ["Подъезд — номер от 1 до 99, например 2 или 2А"],
      room: ["Квартира или офис — номер от 1 до 9999, например 12, 12А или 12/1"],
    });
  });

  it("refuses emoji in the recipient's name and takes 'Гейдар оглы' as a patronymic", () => {
    const draft = applyPostedFields(complete(), posted({ lastName: "Мамедов", name: "Ильхам🙂", secondName: "Гейдар  оглы" }));
    const errors = validateForOrder(draft, { needsPoint: false, courier: false });
    expect(errors).toEqual({ name: ["Только буквы (русские или латинские), дефис, апостроф и пробел — как в паспорте"] });
  });
});
