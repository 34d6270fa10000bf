import { describe, expect, it } from "vitest";
import { fullNameProblem, nameProblem, normalizeName, splitFullName } from "./person-name.ts";
import { fullNameField, namePartField } from "./fields.ts";
import { profileSchema, registrationSchema } from "../auth/profile.ts";

const parts = (lastName: string, name: string, secondName: string) => ({ lastName, name, secondName });

describe("splitFullName", () => {
  it.each([
    ["Иванов Иван Иванович", parts("Иванов", "Иван", "Иванович")],
    ["  Иванов   Иван  Иванович  ", parts("Иванов", "Иван", "Иванович")],
    ["Иванов\u00A0Иван\tИванович\n", parts("Иванов", "Иван", "Иванович")],
    ["Иванов Иван Иванович\u200B", parts("Иванов", "Иван", "Иванович")],
    ["Иванов Иван", parts("Иванов", "Иван", "")],
    ["Иван", parts("", "Иван", "")],
    ["Фёдоров Пётр Семёнович", parts("Фёдоров", "Пётр", "Семёнович")],
    ["Салтыков-Щедрин Михаил Евграфович", parts("Салтыков-Щедрин", "Михаил", "Евграфович")],
    ["Салтыков - Щедрин Михаил Евграфович", parts("Салтыков-Щедрин", "Михаил", "Евграфович")],
    ["Салтыков—Щедрин Михаил Евграфович", parts("Салтыков-Щедрин", "Михаил", "Евграфович")],
    ["Мамедов Ильхам Гейдар оглы", parts("Мамедов", "Ильхам", "Гейдар оглы")],
    ["Алиева Лейла Рашид кызы", parts("Алиева", "Лейла", "Рашид кызы")],
    ["Ильхам Гейдар оглы", parts("", "Ильхам", "Гейдар оглы")],
    ["Петрова Анна Мария Ивановна", parts("Петрова", "Анна Мария", "Ивановна")],
    ["Иван Петрович Сидоров", parts("Сидоров", "Иван", "Петрович")],
    ["Анна Ильинична Петрова", parts("Петрова", "Анна", "Ильинична")],
    // A surname ending like a patronymic keeps the Russian order.
    ["Петрович Иван Сергеевич", parts("Петрович", "Иван", "Сергеевич")],
    ["Лукашевич Ольга Петровна", parts("Лукашевич", "Ольга", "Петровна")],
    ["д’Артаньян Шарль", parts("д'Артаньян", "Шарль", "")],
    ["Smith John", parts("Smith", "John", "")],
    ["O'Neil Mary Ann", parts("O'Neil", "Mary", "Ann")],
  ])("%j", (input, expected) => {
    expect(splitFullName(input)).toEqual(expected);
  });
});

describe("normalizeName", () => {
  it("mends spaces, dashes and apostrophes, and keeps ё and the letters' case", () => {
    expect(normalizeName("  Иванова   Алёна ")).toBe("Иванова Алёна");
    expect(normalizeName("Римский – Корсаков")).toBe("Римский-Корсаков");
    expect(normalizeName("O`Neil")).toBe("O'Neil");
    // "й" typed as и + combining breve is the one letter й.
    expect(normalizeName("Андрей".normalize("NFD"))).toBe("Андрей");
  });
});

describe("nameProblem", () => {
  it.each(["Иванов", "Салтыков-Щедрин", "д'Артаньян", "Гейдар оглы", "Семёнова", "Müller", "José", "O'Neil"])("accepts %j", (name) => {
    expect(nameProblem(normalizeName(name))).toBeNull();
  });

  it.each([
    ["Иван😀", "Только буквы"],
    ["Иван2", "Только буквы"],
    ["Иванов И.", "Только буквы"],
    ["Иван, Пётр", "Только буквы"],
    ["<script>", "Только буквы"],
    ["李小龍", "Только буквы"],
    ["Ἀλέξανδρος", "Только буквы"],
    ["Иван_Петров", "Только буквы"],
    ["-Иван", "Дефис и апостроф"],
    ["Иван-", "Дефис и апостроф"],
    ["Салтыков--Щедрин", "Дефис и апостроф"],
    ["'Иван", "Дефис и апостроф"],
    // A Latin "a" and "o" inside a Russian word: not the name in the passport.
    ["Ивaнов", "смешаны русские и латинские"],
    ["Пoпов", "смешаны русские и латинские"],
  ])("refuses %j", (name, message) => {
    expect(nameProblem(normalizeName(name))).toContain(message);
  });
});

describe("fullNameProblem", () => {
  it("accepts a full name with anything mendable around it", () => {
    expect(fullNameProblem("  Иванов  Иван Иванович ")).toBeNull();
    expect(fullNameProblem("Мамедов Ильхам Гейдар оглы")).toBeNull();
  });

  it("refuses emoji, digits and a part longer than a field keeps", () => {
    expect(fullNameProblem("Иванов Иван 🙂")).toMatch(/Только буквы/);
    expect(fullNameProblem("Иванов Иван Иванович 3")).toMatch(/Только буквы/);
    expect(fullNameProblem(`Иванов ${"а".repeat(61)}`)).toBe("Не больше 60 символов");
    expect(fullNameProblem(`Иванов ${"Иван ".repeat(40)}`)).toBe("Не больше 150 символов");
  });
});

describe("the name fields of the forms", () => {
  it("step 3 keeps the mended full name and refuses an emoji with a Russian message", () => {
    expect(registrationSchema.parse({ fullName: " Иванов  Иван Иванович ", email: "ivan@example.ru", consent: "on" }).fullName).toBe("Иванов Иван Иванович");
    const refused = fullNameField.safeParse("Иванов 👍 Иванович");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^Только буквы \(русские или латинские\)/);
    expect(fullNameField.safeParse("   ").error?.issues[0]?.message).toBe("Обязательное поле");
  });

  it("a required part says 'Обязательное поле' when empty; an optional one may be empty", () => {
    expect(namePartField(true).safeParse(" ").error?.issues[0]?.message).toBe("Обязательное поле");
    expect(namePartField(false).parse(" ")).toBe("");
    expect(namePartField(false).parse(" Гейдар   оглы ")).toBe("Гейдар оглы");
  });

  it("the profile refuses a patronymic with an emoji and keeps a hyphenated surname", () => {
    expect(profileSchema.safeParse({ name: "Иван", lastName: "Иванов", secondName: "Иванович🎉", email: "ivan@example.ru" }).success).toBe(false);
    expect(profileSchema.parse({ name: "Михаил", lastName: "Салтыков – Щедрин", email: "m@example.ru" })).toMatchObject({
      lastName: "Салтыков-Щедрин",
      secondName: "",
    });
  });
});
