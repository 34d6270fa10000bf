import { describe, expect, it } from "vitest";
import { searchTerms } from "./search-terms.ts";

describe("searchTerms", () => {
  it("reads a whole number in any format as the stored phone", () => {
    for (const typed of ["8 916 123-45-67", "+7 (916) 123-45-67", "79161234567", "9161234567"]) {
      expect([typed, searchTerms(typed).phone, searchTerms(typed).phoneContains]).toEqual([typed, "+79161234567", "%9161234567%"]);
    }
  });

  it("reads the start of a number as its national digits, and too few digits as no number", () => {
    expect(searchTerms("8 916 12").phoneContains).toBe("%91612%");
    expect(searchTerms("+7 916 1").phoneContains).toBe("%9161%");
    expect(searchTerms("+7 916").phoneContains).toBeNull();
    expect(searchTerms("123").phoneContains).toBeNull();
    expect(searchTerms("Иванов").phone).toBeNull();
    expect(searchTerms("Иванов").phoneContains).toBeNull();
  });

  it("escapes LIKE's wildcards so a name matches literally", () => {
    expect(searchTerms(" 50%_off\\ ")).toMatchObject({ text: "50%_off\\", contains: "%50\\%\\_off\\\\%", startsWith: "50\\%\\_off\\\\%" });
  });
});
