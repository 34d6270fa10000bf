import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readForm, readFormEnvelope } from "./read-form.ts";

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

const schema = z.object({
  name: z.string({ error: "Укажите имя" }).trim().min(1, "Укажите имя"),
  count: z.number({ error: "Количество — число" }).int("Количество — целое число"),
  note: z.string().optional(),
});

describe("readForm", () => {
  it("reads the typed value: an empty field is left out, a number is a number", () => {
    expect(
      readForm(
        form([
          ["name", " Анна "],
          ["count", "3"],
          ["note", ""],
        ]),
        schema,
      ),
    ).toEqual({ ok: true, value: { name: "Анна", count: 3 }, payload: { name: " Анна ", count: "3", note: "" } });
  });

  it("names every field that failed, in order, and joins their messages", () => {
    const reading = readForm(
      form([
        ["name", ""],
        ["count", "2,5"],
      ]),
      schema,
    );
    expect(reading).toMatchObject({
      ok: false,
      reason: "Укажите имя. Количество — число",
      issues: [
        { name: "name", message: "Укажите имя" },
        { name: "count", message: "Количество — число" },
      ],
    });
  });

  it("hands the text as posted to a schema that reads it itself", () => {
    const text = z.object({ price: z.string().transform((value) => (value === "" ? null : Number(value.replace(",", ".")))) });
    expect(readForm(form([["price", "2,5"]]), text, { coerce: false })).toMatchObject({ ok: true, value: { price: 2.5 } });
    expect(readForm(form([["price", ""]]), text, { coerce: false })).toMatchObject({ ok: true, value: { price: null } });
  });
});

describe("readFormEnvelope", () => {
  it("reads the pressed button, a fetcher's mark and the way back beside any other fields", () => {
    const posted = form([
      ["intent", "send"],
      ["phone", "+7 916 000-00-01"],
      ["_fetcher", "1"],
      ["redirectTo", "/checkout"],
    ]);
    expect(readFormEnvelope(posted)).toEqual({ intent: "send", viaFetcher: true, redirectTo: "/checkout" });
  });

  it("takes none of them from a form without them, and only them from one posting a field twice", () => {
    expect(readFormEnvelope(form([["phone", "1"]]))).toEqual({ intent: "", viaFetcher: false, redirectTo: undefined });
    const twice = form([
      ["intent", "add"],
      ["redirectTo", "/a"],
      ["redirectTo", "//evil.example"],
    ]);
    expect(readFormEnvelope(twice)).toEqual({ intent: "add", viaFetcher: false, redirectTo: undefined });
  });
});
