/**
 * The courier address's apartment, entrance and floor: optional, but
 * when given they must be something a courier can find. Pure; the checkout action checks
 * them when the order is placed (draft-form.server.ts), the order pages show them.
 *
 * Decisions (the spec is silent):
 * - Floor: a whole number 1–99 (Russian floors count from 1 at the ground; the tallest
 *   Russian buildings have under 100). A basement or a "цокольный этаж" goes into the
 *   message to the courier.
 * - Entrance: 1–99, optionally with a letter ("2А").
 * - Apartment or office: 1–9999, optionally with a letter or a "/N" or "-N" part ("12А",
 *   "12/1", "3-14"), optionally after "кв.", "оф.", "офис" or "пом.".
 * A typographic minus or dash is read as a minus, so "−3" is refused like "-3".
 */

export const addressTexts = {
  floor: "Этаж — число от 1 до 99. Цокольный или подземный этаж укажите в сообщении курьеру",
  entrance: "Подъезд — номер от 1 до 99, например 2 или 2А",
  room: "Квартира или офис — номер от 1 до 9999, например 12, 12А или 12/1",
} as const;

const dashes = (value: string) => value.trim().replace(/[\u2010-\u2015\u2212\uFE63\uFF0D]/g, "-");

const inRange = (digits: string, min: number, max: number) => {
  const number = Number(digits);
  return Number.isInteger(number) && number >= min && number <= max;
};

/** Why a floor is refused, or null (an empty floor is fine: it is optional). */
export function floorProblem(floor: string): string | null {
  const value = dashes(floor);
  if (value === "") return null;
  return /^\d{1,2}$/.test(value) && inRange(value, 1, 99) ? null : addressTexts.floor;
}

export function entranceProblem(entrance: string): string | null {
  const value = dashes(entrance);
  if (value === "") return null;
  const match = /^(\d{1,2}) ?[А-ЯЁа-яёA-Za-z]?$/u.exec(value);
  return match && inRange(match[1]!, 1, 99) ? null : addressTexts.entrance;
}

export function roomProblem(room: string): string | null {
  const value = dashes(room).replace(/\s+/g, " ");
  if (value === "") return null;
  const match = /^(?:(?:кв|квартира|оф|офис|пом|помещение)\.? ?)?(\d{1,4})(?: ?[А-ЯЁа-яёA-Za-z]|[/-]\d{1,4})?$/iu.exec(value);
  return match && inRange(match[1]!, 1, 9999) ? null : addressTexts.room;
}
