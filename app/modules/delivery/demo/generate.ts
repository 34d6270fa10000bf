/**
 * DEMO DATA GENERATOR for the embedded delivery provider. Not real CDEK data.
 *
 * Writes embedded-delivery.json beside this file:
 *   node app/modules/delivery/demo/generate.ts
 *
 * Cities: the 32 largest Russian cities by population, centre coordinates rounded to
 * four decimals. Location codes are 10-digit strings:
 * - Moscow 0000073738 and Saint Petersburg 0000103664 are the real 1C-Bitrix
 *   "Местоположения 2.0" codes (research/integrations.md section 10).
 * - Every other code is SYNTHETIC: "9" followed by the city's population rank padded to
 *   nine digits (Novosibirsk, rank 3 → 9000000003). No real Bitrix code seen in the
 *   research starts with 9; replace them with real codes when a location base is imported.
 * - cdekCode is CDEK's own integer city code where the research confirms it (Moscow 44,
 *   Saint Petersburg 137), else null.
 *
 * Pickup points and parcel lockers: generated deterministically (a seeded PRNG per
 * city) within about 6 km of the centre, with made-up addresses on common street
 * names and fixed working hours. Running the script twice gives the same file.
 */
import { writeFileSync } from "node:fs";
import { mulberry32 } from "../../shared/seeded-random.ts";

type SourceCity = { name: string; region: string; latitude: number; longitude: number; code?: string; cdekCode?: number };

const CITIES: SourceCity[] = [
  { name: "Москва", region: "Москва", latitude: 55.7558, longitude: 37.6173, code: "0000073738", cdekCode: 44 },
  { name: "Санкт-Петербург", region: "Санкт-Петербург", latitude: 59.9386, longitude: 30.3141, code: "0000103664", cdekCode: 137 },
  { name: "Новосибирск", region: "Новосибирская область", latitude: 55.0084, longitude: 82.9357 },
  { name: "Екатеринбург", region: "Свердловская область", latitude: 56.8389, longitude: 60.6057 },
  { name: "Казань", region: "Республика Татарстан", latitude: 55.7961, longitude: 49.1064 },
  { name: "Нижний Новгород", region: "Нижегородская область", latitude: 56.2965, longitude: 43.9361 },
  { name: "Красноярск", region: "Красноярский край", latitude: 56.0153, longitude: 92.8932 },
  { name: "Челябинск", region: "Челябинская область", latitude: 55.1644, longitude: 61.4368 },
  { name: "Самара", region: "Самарская область", latitude: 53.1959, longitude: 50.1002 },
  { name: "Уфа", region: "Республика Башкортостан", latitude: 54.7388, longitude: 55.9721 },
  { name: "Ростов-на-Дону", region: "Ростовская область", latitude: 47.2357, longitude: 39.7015 },
  { name: "Краснодар", region: "Краснодарский край", latitude: 45.0355, longitude: 38.9753 },
  { name: "Омск", region: "Омская область", latitude: 54.9885, longitude: 73.3242 },
  { name: "Воронеж", region: "Воронежская область", latitude: 51.6608, longitude: 39.2003 },
  { name: "Пермь", region: "Пермский край", latitude: 58.0105, longitude: 56.2502 },
  { name: "Волгоград", region: "Волгоградская область", latitude: 48.708, longitude: 44.5133 },
  { name: "Саратов", region: "Саратовская область", latitude: 51.5331, longitude: 46.0342 },
  { name: "Тюмень", region: "Тюменская область", latitude: 57.1522, longitude: 65.5272 },
  { name: "Тольятти", region: "Самарская область", latitude: 53.5303, longitude: 49.3461 },
  { name: "Махачкала", region: "Республика Дагестан", latitude: 42.9849, longitude: 47.5047 },
  { name: "Барнаул", region: "Алтайский край", latitude: 53.3548, longitude: 83.7698 },
  { name: "Ижевск", region: "Удмуртская Республика", latitude: 56.8526, longitude: 53.2045 },
  { name: "Хабаровск", region: "Хабаровский край", latitude: 48.4802, longitude: 135.0719 },
  { name: "Ульяновск", region: "Ульяновская область", latitude: 54.3142, longitude: 48.4031 },
  { name: "Иркутск", region: "Иркутская область", latitude: 52.2869, longitude: 104.305 },
  { name: "Владивосток", region: "Приморский край", latitude: 43.1155, longitude: 131.8855 },
  { name: "Ярославль", region: "Ярославская область", latitude: 57.6261, longitude: 39.8845 },
  { name: "Томск", region: "Томская область", latitude: 56.4846, longitude: 84.9476 },
  { name: "Оренбург", region: "Оренбургская область", latitude: 51.7682, longitude: 55.0969 },
  { name: "Кемерово", region: "Кемеровская область", latitude: 55.3547, longitude: 86.0873 },
  { name: "Новокузнецк", region: "Кемеровская область", latitude: 53.7557, longitude: 87.1099 },
  { name: "Рязань", region: "Рязанская область", latitude: 54.6269, longitude: 39.6916 },
];

const STREETS = [
  "ул. Ленина",
  "ул. Советская",
  "ул. Мира",
  "пр. Победы",
  "ул. Гагарина",
  "ул. Пушкина",
  "ул. Садовая",
  "ул. Молодёжная",
  "пр. Строителей",
  "ул. Кирова",
  "ул. Октябрьская",
  "ул. Лесная",
];
const POINT_NAMES = ["Центральный", "На Садовой", "У вокзала", "Северный", "Южный", "Западный", "Восточный", "У рынка", "Торговый центр", "На площади"];
const POINT_HOURS = ["Пн-Пт 10:00-20:00, Сб-Вс 10:00-16:00", "Пн-Вс 09:00-21:00", "Пн-Сб 10:00-19:00"];
const LOCKER_HOURS = ["Пн-Вс 00:00-24:00", "Пн-Вс 08:00-22:00"];

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export type EmbeddedPlace = { code: string; name: string; address: string; workTime: string; latitude: number; longitude: number };
export type EmbeddedCity = {
  code: string;
  cdekCode: number | null;
  name: string;
  region: string;
  country: string;
  latitude: number;
  longitude: number;
  points: EmbeddedPlace[];
  lockers: EmbeddedPlace[];
};
export type EmbeddedDeliveryData = { about: string; cities: EmbeddedCity[] };

export function generate(): EmbeddedDeliveryData {
  const cities = CITIES.map((city, index): EmbeddedCity => {
    const rank = index + 1;
    const random = mulberry32(rank * 7919);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const place = (prefix: string, n: number, name: string, workTime: string): EmbeddedPlace => {
      // About ±0.05° latitude (±5.5 km) and a matching longitude spread.
      const dLat = (random() - 0.5) * 0.1;
      const dLon = ((random() - 0.5) * 0.1) / Math.cos((city.latitude * Math.PI) / 180);
      return {
        code: `${prefix}${String(rank).padStart(2, "0")}${String(n).padStart(2, "0")}`,
        name,
        address: `${pick(STREETS)}, ${1 + Math.floor(random() * 150)}`,
        workTime,
        latitude: round(city.latitude + dLat, 6),
        longitude: round(city.longitude + dLon, 6),
      };
    };
    const pointCount = rank <= 2 ? 8 : rank <= 10 ? 5 : 3;
    const lockerCount = rank <= 2 ? 6 : rank <= 10 ? 3 : 2;
    const points = Array.from({ length: pointCount }, (_, i) => place("DP", i + 1, `Пункт выдачи «${POINT_NAMES[i % POINT_NAMES.length]}»`, pick(POINT_HOURS)));
    const lockers = Array.from({ length: lockerCount }, (_, i) => place("DL", i + 1, `Постамат №${i + 1}`, pick(LOCKER_HOURS)));
    return {
      code: city.code ?? `9${String(rank).padStart(9, "0")}`,
      cdekCode: city.cdekCode ?? null,
      name: city.name,
      region: city.region,
      country: "Россия",
      latitude: city.latitude,
      longitude: city.longitude,
      points,
      lockers,
    };
  });
  return {
    about:
      "DEMO DATA, not real CDEK data. Written by app/modules/delivery/demo/generate.ts (see its header): Moscow 0000073738 and Saint Petersburg 0000103664 are real 1C-Bitrix location codes, every other code (9 + rank) is synthetic; pickup points and lockers are generated near each city centre.",
    cities,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = new URL("./embedded-delivery.json", import.meta.url);
  writeFileSync(target, `${JSON.stringify(generate(), null, 1)}\n`);
  console.log(`wrote ${target.pathname}`);
}
