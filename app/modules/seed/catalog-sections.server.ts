import type { Seeder } from "./seeder.ts";
import { catalogSections } from "../db/schema.ts";

type SectionSeed = typeof catalogSections.$inferInsert;

/**
 * The catalogue sections of spec section 2: the top-level categories, the fixed
 * sections and the type pages. `filter` names the products each one shows.
 */
const sections: Omit<SectionSeed, "position">[] = [
  { path: "", name: "Каталог", title: "Каталог монет из золота и серебра", parentPath: null, filter: {} },
  { path: "gold", name: "Золото", title: "Золотые монеты", parentPath: "", filter: { metal: "gold" } },
  { path: "silver", name: "Серебро", title: "Серебряные монеты", parentPath: "", filter: { metal: "silver" } },
  { path: "bullion-coins", name: "Инвестиционные монеты", title: "Инвестиционные монеты", parentPath: "", filter: { kind: "investment" } },
  { path: "memorable-coins", name: "Памятные монеты", title: "Памятные монеты", parentPath: "", filter: { kind: "commemorative" } },

  {
    path: "gold/monety-georgiy-pobedonosec",
    name: "Георгий Победоносец",
    title: "Золотые монеты «Георгий Победоносец»",
    parentPath: "gold",
    filter: { metal: "gold", series: "georgiy-pobedonosec" },
  },
  {
    path: "gold/monety-georgiy-pobedonosec/50-rub",
    name: "50 рублей",
    title: "Золотые монеты «Георгий Победоносец» 50 рублей",
    parentPath: "gold/monety-georgiy-pobedonosec",
    filter: { metal: "gold", series: "georgiy-pobedonosec", denomination: 50 },
  },
  { path: "gold/monety-seyatel", name: "Сеятель", title: "Золотые монеты «Сеятель»", parentPath: "gold", filter: { metal: "gold", series: "seyatel" } },
  { path: "gold/rf", name: "Монеты России", title: "Золотые монеты России", parentPath: "gold", filter: { metal: "gold", country: "Россия" } },
  {
    path: "gold/bullion-coins",
    name: "Инвестиционные",
    title: "Золотые инвестиционные монеты",
    parentPath: "gold",
    filter: { metal: "gold", kind: "investment" },
  },
  { path: "gold/memorable-coins", name: "Памятные", title: "Золотые памятные монеты", parentPath: "gold", filter: { metal: "gold", kind: "commemorative" } },

  {
    path: "silver/monety-georgiy-pobedonosec",
    name: "Георгий Победоносец",
    title: "Серебряные монеты «Георгий Победоносец»",
    parentPath: "silver",
    filter: { metal: "silver", series: "georgiy-pobedonosec" },
  },
  { path: "silver/rf", name: "Монеты России", title: "Серебряные монеты России", parentPath: "silver", filter: { metal: "silver", country: "Россия" } },
  {
    path: "silver/bullion-coins",
    name: "Инвестиционные",
    title: "Серебряные инвестиционные монеты",
    parentPath: "silver",
    filter: { metal: "silver", kind: "investment" },
  },
  {
    path: "silver/memorable-coins",
    name: "Памятные",
    title: "Серебряные памятные монеты",
    parentPath: "silver",
    filter: { metal: "silver", kind: "commemorative" },
  },

  {
    path: "bullion-coins/georgij-pobedonosec",
    name: "Георгий Победоносец",
    title: "Инвестиционные монеты «Георгий Победоносец»",
    parentPath: "bullion-coins",
    filter: { kind: "investment", series: "georgiy-pobedonosec" },
  },
  {
    path: "bullion-coins/monety-sberbanka",
    name: "Монеты Сбербанка",
    title: "Инвестиционные монеты Сбербанка",
    parentPath: "bullion-coins",
    filter: { kind: "investment", collection: "sberbank" },
  },
  {
    path: "bullion-coins/monety-sberbanka/gold",
    name: "Золото",
    title: "Золотые инвестиционные монеты Сбербанка",
    parentPath: "bullion-coins/monety-sberbanka",
    filter: { kind: "investment", collection: "sberbank", metal: "gold" },
  },
  {
    path: "bullion-coins/monety-sberbanka/silver",
    name: "Серебро",
    title: "Серебряные инвестиционные монеты Сбербанка",
    parentPath: "bullion-coins/monety-sberbanka",
    filter: { kind: "investment", collection: "sberbank", metal: "silver" },
  },
  {
    path: "bullion-coins/rf",
    name: "Монеты России",
    title: "Инвестиционные монеты России",
    parentPath: "bullion-coins",
    filter: { kind: "investment", country: "Россия" },
  },
];

export const demoCatalogSections: SectionSeed[] = sections.map((section, position) => ({ ...section, position }));

export const catalogSectionsSeeder: Seeder = {
  name: "catalog-sections",
  async run(db) {
    await db.insert(catalogSections).values(demoCatalogSections).onConflictDoNothing();
  },
};
