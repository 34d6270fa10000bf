/** The coin form's fields in Russian, for the import rules' messages (which name the field). */
export const productFieldLabels: Record<string, string> = {
  name: "Название",
  description: "Описание",
  pricing: "Цена",
  premiumPercent: "Наценка, %",
  fixedPremium: "Фиксированная наценка, ₽",
  fixedPrice: "Фиксированная цена, ₽",
  buybackDiscountPercent: "Скидка выкупа от стоимости металла, %",
  stock: "Остаток, шт.",
  maxPerOrder: "Не больше в заказе, шт.",
  lowStockThreshold: "Порог «мало на складе», шт.",
  status: "Опубликована",
  images: "Картинки",
};
