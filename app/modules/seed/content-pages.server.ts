import type { Seeder } from "./seeder.ts";
import { pages } from "../db/schema.ts";

type PageSeed = typeof pages.$inferInsert;

/**
 * The shop's fixed pages. Their bodies are written by the content work; here each
 * page gets the title and description that the frame and search engines show.
 */
export const demoPages: PageSeed[] = [
  {
    path: "about",
    title: "О компании",
    description: "Магазин инвестиционных и памятных монет из золота и серебра: кто мы, как работаем и почему нам доверяют.",
  },
  {
    path: "contacts",
    title: "Контакты",
    description: "Центральный офис в Москве, телефоны +7 (495) 269-69-99 и +7 (800) 500-29-72, часы работы и схема проезда.",
  },
  {
    path: "delivery",
    title: "Доставка и оплата",
    description: "Бесплатная доставка монет до пункта выдачи СДЭК при заказе на сайте, курьерская доставка, самовывоз из офиса; оплата картой и через СБП.",
  },
  { path: "how-to-buy", title: "Как купить", description: "Как выбрать монету, оформить заказ, оплатить и получить его: пошаговая инструкция." },
  { path: "return", title: "Обмен и возврат", description: "Когда монету можно обменять или вернуть, и как это сделать." },
  {
    path: "certificates",
    title: "Сертификаты",
    description: "Документы и сертификаты, подтверждающие подлинность монет и право на торговлю драгоценными металлами.",
  },
  {
    path: "coin-buyback",
    title: "Скупка монет",
    description: "Выкупаем инвестиционные и памятные монеты из золота и серебра по цене, привязанной к котировкам металла.",
  },
  { path: "partners", title: "Партнёры", description: "Банки, монетные дворы и службы доставки, с которыми мы работаем." },
  { path: "reviews", title: "Отзывы", description: "Отзывы покупателей о магазине и наши рейтинги на Авито и Яндекс Картах." },
  {
    path: "privacy",
    title: "Политика обработки персональных данных",
    description: "Какие персональные данные покупателей мы обрабатываем, зачем и как их защищаем.",
  },
];

export const pagesSeeder: Seeder = {
  name: "content-pages",
  async run(db) {
    await db.insert(pages).values(demoPages).onConflictDoNothing();
  },
};
