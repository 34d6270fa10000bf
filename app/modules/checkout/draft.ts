import { DEFAULT_CITY_CODE } from "../delivery/provider.ts";
import { type CheckoutDelivery, defaultCheckoutDelivery } from "../delivery/rules.ts";

/**
 * The checkout draft: everything the buyer has entered on /checkout, kept on
 * the server per visitor or user so every plain form post keeps what was posted before.
 * Shared by the server and the page (no server imports here).
 */

export type CheckoutContact = { name: string; lastName: string; secondName: string; email: string; phone: string };
/** Spec section 3, "Checkout address" (the city is kept apart). */
export type CheckoutAddress = { street: string; house: string; room: string; entrance: string; floor: string; message: string };
export type DraftCity = { code: string; name: string; fullName: string };
/** «Покупаю как организация или ИП»: the buyer's company as typed (invoices/company.ts checks it when the order is placed). */
export type CheckoutCompany = { asCompany: boolean; inn: string; kpp: string; name: string; legalAddress: string; contactPerson: string };

/** What changed since the page was shown (spec 'updatePrices'): the buyer confirms the new prices. */
export type PriceNotice = { lines: { name: string; quantity: number; was: number | null; now: number }[]; goodsTotal: number; key?: string | null };

/**
 * What else changed between the page the buyer saw and the order that would be placed: another delivery, quantity, city or sum. Nothing was placed; the buyer checks and
 * confirms. `key` is the terms it was shown for: the page shows it only while they still hold.
 */
export type ChangeNotice = { messages: string[]; key: string };

/**
 * Errors of the last post, per posted field name ("lastName", "pointCode", "qty:12"). Never
 * part of the draft: they reach the page once, in a cookie (form-errors.server.ts).
 */
export type CheckoutErrors = Record<string, string[]>;

export type CheckoutDraft = {
  contact: CheckoutContact;
  city: DraftCity;
  delivery: CheckoutDelivery;
  /** The chosen pickup point or locker (its provider code), when the delivery needs one. */
  pointCode: string | null;
  /** Office pickup: the slot chosen to collect the order ("2026-12-04T10:00"), its place taken only when the order is placed. */
  pickupSlot: string | null;
  address: CheckoutAddress;
  company: CheckoutCompany;
  comment: string;
  /** Why the last attempt placed no order (spec 'orderError'). */
  orderError: string | null;
  priceNotice: PriceNotice | null;
  changeNotice: ChangeNotice | null;
  /** The order last placed from this draft: a second tab shows it instead of an empty cart. */
  lastOrderId: number | null;
};

export const MOSCOW_CITY: DraftCity = { code: DEFAULT_CITY_CODE, name: "Москва", fullName: "Москва, Россия" };

export const emptyContact = (): CheckoutContact => ({ name: "", lastName: "", secondName: "", email: "", phone: "" });
export const emptyCompany = (): CheckoutCompany => ({ asCompany: false, inn: "", kpp: "", name: "", legalAddress: "", contactPerson: "" });
export const emptyAddress = (): CheckoutAddress => ({ street: "", house: "", room: "", entrance: "", floor: "", message: "" });

export function emptyDraft(): CheckoutDraft {
  return {
    contact: emptyContact(),
    city: MOSCOW_CITY,
    delivery: defaultCheckoutDelivery(),
    pointCode: null,
    pickupSlot: null,
    address: emptyAddress(),
    company: emptyCompany(),
    comment: "",
    orderError: null,
    priceNotice: null,
    changeNotice: null,
    lastOrderId: null,
  };
}

/** Field limits: generous for real addresses, small enough to keep a hostile post harmless. */
export const FIELD_LIMITS = {
  name: 60,
  email: 254,
  phone: 30,
  street: 150,
  house: 20,
  room: 20,
  entrance: 10,
  floor: 10,
  message: 500,
  comment: 1000,
  inn: 20,
  kpp: 20,
  companyName: 300,
  legalAddress: 300,
  contactPerson: 120,
} as const;

export const checkoutTexts = {
  requiredPoint: "Выберите пункт выдачи на карте или в списке",
  requiredSlot: "Выберите день и время, когда заберёте заказ в офисе",
  requiredStreet: "Укажите улицу",
  requiredHouse: "Укажите дом",
  signInToOrder: "Чтобы оформить заказ, войдите по номеру телефона — так мы подтвердим ваш номер.",
  emptyCart: "Корзина пуста",
  /** The post carried no record of what the page showed (an old page or a hand-made post). */
  termsUnknown: "Страница оформления устарела.",
  unknownDelivery: "Этот способ доставки недоступен в выбранном городе. Выберите другой.",
  deliveryUnavailable: "Служба доставки временно недоступна — стоимость доставки сейчас не рассчитать. Попробуйте через минуту.",
} as const;

/** The field names the form posts, so the page and the action agree. */
export const FIELDS = {
  contact: { name: "name", lastName: "lastName", secondName: "secondName", email: "email", phone: "phone" },
  address: { street: "street", house: "house", room: "room", entrance: "entrance", floor: "floor", message: "addressMessage" },
  company: {
    asCompany: "asCompany",
    inn: "companyInn",
    kpp: "companyKpp",
    name: "companyName",
    legalAddress: "companyAddress",
    contactPerson: "companyContact",
  },
} as const satisfies {
  contact: Record<keyof CheckoutContact, string>;
  address: Record<keyof CheckoutAddress, string>;
  company: Record<keyof CheckoutCompany, string>;
};

/** Posted with the company block: its checkbox's absence then means «not as a company» (an unticked checkbox posts nothing). */
export const COMPANY_BLOCK_FIELD = "companyBlock";
