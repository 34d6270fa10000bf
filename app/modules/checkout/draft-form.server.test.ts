import { describe, expect, it } from "vitest";
import { applyPostedFields, readDraft, validateForOrder } from "./draft-form.server.ts";
import { emptyDraft, FIELD_LIMITS } from "./draft.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("applyPostedFields", () => {
  it("keeps what was posted before when a post leaves a field out, and takes what it sends", () => {
    const first = applyPostedFields(emptyDraft(), form({ name: "Пётр", lastName: "Иванов", street: "Тверская" }));
    const second = applyPostedFields(first, form({ comment: "Позвоните за час" }));
    expect(second.contact).toMatchObject({ name: "Пётр", lastName: "Иванов" });
    expect(second.address.street).toBe("Тверская");
    expect(second.comment).toBe("Позвоните за час");
  });

  it("cuts hostile lengths to the limits instead of refusing to save", () => {
    const draft = applyPostedFields(emptyDraft(), form({ name: "я".repeat(10_000), comment: "x".repeat(50_000), addressMessage: "m".repeat(9_999) }));
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
});

describe("validateForOrder", () => {
  const complete = () => applyPostedFields(emptyDraft(), form({ name: "Пётр", lastName: "Иванов", email: "petr@example.ru", phone: "8 (925) 000-00-01" }));

  it("passes a complete pickup-point order with its point", () => {
    expect(validateForOrder({ ...complete(), pointCode: "MSK1" }, { needsPoint: true, courier: false })).toEqual({});
  });

  it("names each missing or wrong field in Russian, under the field's posted name", () => {
    const errors = validateForOrder(applyPostedFields(emptyDraft(), form({ email: "not-an-email", phone: "123" })), { needsPoint: true, courier: false });
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
    const draft = applyPostedFields(complete(), form({ street: "Тверская", house: "1", floor: "−3", entrance: "0", room: "😀" }));
    const errors = validateForOrder(draft, { needsPoint: false, courier: true });
    expect(errors).toEqual({
      floor: ["Этаж — число от 1 до 99. Цокольный или подземный этаж укажите в сообщении курьеру"],
      entrance: ["Подъезд — номер от 1 до 99, например 2 или 2А"],
      room: ["Квартира или офис — номер от 1 до 9999, например 12, 12А или 12/1"],
    });
  });

  it("refuses emoji in the recipient's name and takes 'Гейдар оглы' as a patronymic", () => {
    const draft = applyPostedFields(complete(), form({ lastName: "Мамедов", name: "Ильхам🙂", secondName: "Гейдар  оглы" }));
    const errors = validateForOrder(draft, { needsPoint: false, courier: false });
    expect(errors).toEqual({ name: ["Только буквы (русские или латинские), дефис, апостроф и пробел — как в паспорте"] });
  });
});
