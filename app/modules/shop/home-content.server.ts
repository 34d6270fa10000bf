/** The home page's description (meta) and its opening paragraph under the tagline. */
export const homeDescription =
  "Инвестиционные и памятные монеты из золота и серебра по ценам, привязанным к котировкам металла. Бесплатная доставка до пункта выдачи, выкуп монет.";
export const homeLead = "Покупайте золото и серебро в монетах: цены по текущим котировкам, доставка по всей России, выкуп по биржевой цене металла.";

/** The catalogue sections the home page opens with. */
export const homeSections = [
  { name: "Золотые монеты", href: "/catalog/gold" },
  { name: "Серебряные монеты", href: "/catalog/silver" },
  { name: "Инвестиционные", href: "/catalog/bullion-coins" },
  { name: "Памятные", href: "/catalog/memorable-coins" },
  { name: "Георгий Победоносец", href: "/catalog/gold/monety-georgiy-pobedonosec" },
  { name: "Сеятель", href: "/catalog/gold/monety-seyatel" },
];

/** Why buy here: the shop's promises, each kept elsewhere on the site. */
export const homeReasons = [
  {
    title: "Честная цена",
    text: "Цена каждой монеты считается от биржевой стоимости металла и обновляется вместе с котировками. Наценка видна на странице монеты.",
  },
  { title: "Бесплатная доставка", text: "До ближайшего пункта выдачи СДЭК при заказе на сайте; курьером — по Москве и в крупные города." },
  { title: "Подлинность", text: "Монеты Банка России и ведущих монетных дворов мира в оригинальной упаковке, с сертификатами для памятных выпусков." },
  { title: "Выкуп", text: "Покупаем монеты обратно по цене от котировок металла: оценка при вас, оплата сразу." },
];
