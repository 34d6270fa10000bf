/** The menus of spec section 2. Footer-only entries are hidden in the header. */
export type NavigationItem = {
  name: string;
  href: string;
  footerOnly?: boolean;
  children?: NavigationItem[];
};

export type CabinetLink = { name: string; path: string; icon: "profile" | "orders" | "heart" };

export const primaryMenu: NavigationItem[] = [
  {
    name: "Каталог",
    href: "/catalog",
    children: [
      { name: "Инвестиционные монеты", href: "/catalog/bullion-coins" },
      { name: "Памятные монеты", href: "/catalog/memorable-coins" },
    ],
  },
  { name: "Золото", href: "/catalog/gold" },
  { name: "Серебро", href: "/catalog/silver" },
  { name: "Акции", href: "/promo" },
  { name: "Доставка и оплата", href: "/delivery" },
  { name: "Контакты", href: "/contacts" },
  { name: "Георгий Победоносец", href: "/catalog/gold/monety-georgiy-pobedonosec", footerOnly: true },
  { name: "Сеятель", href: "/catalog/gold/monety-seyatel", footerOnly: true },
  { name: "Сертификаты", href: "/certificates", footerOnly: true },
  { name: "Обмен и возврат", href: "/return", footerOnly: true },
];

export const secondaryMenu: NavigationItem[] = [
  { name: "О компании", href: "/about" },
  { name: "Скупка монет", href: "/coin-buyback" },
  { name: "Обучение для начинающих", href: "/training" },
  { name: "Блог", href: "/news" },
  { name: "Отзывы", href: "/reviews" },
  { name: "Цена золота", href: "/quotes-online" },
  { name: "Кейсы", href: "/cases" },
  { name: "Как купить", href: "/how-to-buy" },
];

export const cabinetMenu: CabinetLink[] = [
  { name: "Личные данные", path: "/my/profile", icon: "profile" },
  { name: "Заказы", path: "/my/orders", icon: "orders" },
  { name: "Мои монеты", path: "/my/coins", icon: "orders" },
  { name: "Уведомления", path: "/my/alerts", icon: "orders" },
  { name: "Предзаказы", path: "/my/preorders", icon: "orders" },
  { name: "Выкуп монет", path: "/my/buyback", icon: "orders" },
  { name: "Персональные данные", path: "/my/privacy", icon: "profile" },
  { name: "Избранное", path: "/wishlist", icon: "heart" },
];

export const headerMenu = primaryMenu.filter((item) => !item.footerOnly);
