import { describe, expect, it } from "vitest";
import { addressTexts, entranceProblem, floorProblem, roomProblem } from "./address-fields.ts";

describe("floor", () => {
  it.each(["", " ", "1", "3", " 12 ", "99"])("accepts %j", (floor) => expect(floorProblem(floor)).toBeNull());
  it.each(["−3", "-3", "-1", "0", "100", "2.5", "1e3", "третий", "3 этаж", "03a", "٣"])("refuses %j", (floor) =>
    expect(floorProblem(floor)).toBe(addressTexts.floor),
  );
});

describe("entrance", () => {
  it.each(["", "1", "2А", "2 а", "12"])("accepts %j", (entrance) => expect(entranceProblem(entrance)).toBeNull());
  it.each(["0", "−1", "100", "2АБ", "подъезд", "1/2"])("refuses %j", (entrance) => expect(entranceProblem(entrance)).toBe(addressTexts.entrance));
});

describe("apartment or office", () => {
  it.each(["", "1", "12", "12А", "12 а", "12/1", "3-14", "кв. 5", "оф. 107", "офис 107", "пом 3", "9999"])("accepts %j", (room) =>
    expect(roomProblem(room)).toBeNull(),
  );
  it.each(["0", "−5", "-5", "10000", "кв", "квартира", "12;DROP", "😀", "12АБВ"])("refuses %j", (room) => expect(roomProblem(room)).toBe(addressTexts.room));
});
