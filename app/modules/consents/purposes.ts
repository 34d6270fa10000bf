/**
 * Consents to the processing of personal data (152-FZ): the purposes a consent
 * is given for and their names for the buyer. Shared by the server and the pages (no server
 * code here). Where the consent document is published: shop/contacts.ts, with the shop's other
 * documents (the checkout links it, and needs none of these texts).
 */

/**
 * account: sign-in step 3 (registration); buyback: the /coin-buyback request; identification:
 * the 115-FZ identification step at checkout (written by the identification module).
 */
export const consentPurposes = ["account", "buyback", "identification"] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];

export const consentPurposeLabels: Record<ConsentPurpose, string> = {
  account: "Регистрация и личный кабинет: вход по SMS, заказы, доставка, чеки",
  buyback: "Заявка на выкуп монет: связь с продавцом и оценка",
  identification: "Идентификация покупателя по 115-ФЗ",
};

/** What withdrawing a consent of each purpose means, told beside the button. */
export const consentWithdrawalEffects: Record<ConsentPurpose, string> = {
  account:
    "Мы перестанем обрабатывать данные учётной записи для этой цели. При следующем входе по SMS мы снова попросим согласие; без него можно только смотреть каталог. Чтобы удалить данные, удалите аккаунт ниже.",
  buyback: "Мы перестанем обрабатывать данные заявки на выкуп для связи с вами; сведения о состоявшейся сделке храним, пока этого требует закон.",
  identification:
    "Сведения идентификации, уже собранные по 115-ФЗ, закон обязывает хранить 5 лет; новые покупки на сумму выше порога без идентификации невозможны.",
};

export function isConsentPurpose(value: unknown): value is ConsentPurpose {
  return typeof value === "string" && (consentPurposes as readonly string[]).includes(value);
}
