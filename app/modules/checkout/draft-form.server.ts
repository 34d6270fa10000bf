import { z } from "zod";
import type { CheckoutDelivery } from "../delivery/rules.ts";
import { emailField, namePartField, optionalText, phoneField } from "../forms/fields.ts";
import { entranceProblem, floorProblem, roomProblem } from "./address-fields.ts";
import { type CompanyBuyer, companySchema } from "../invoices/company.ts";
import { PAYMENT_IDS, paymentTexts } from "../payments/methods.ts";
import {
  type ChangeNotice,
  type CheckoutAddress,
  type CheckoutCompany,
  type CheckoutContact,
  COMPANY_BLOCK_FIELD,
  type CheckoutDraft,
  checkoutTexts,
  emptyDraft,
  FIELD_LIMITS,
  FIELDS,
  type PriceNotice,
} from "./draft.ts";

/** Parsing and checking what /checkout posts (server only: keeps zod out of the page's JavaScript). */

/** An optional field with its own rule (address-fields.ts). */
const checked = (max: number, problem: (value: string) => string | null) =>
  optionalText(max).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message });
  });

/** What must hold to place the order; saving a draft keeps anything (cut to the limits). */
export const contactSchema = z.object({
  name: namePartField(true),
  lastName: namePartField(true),
  secondName: namePartField(false),
  email: emailField,
  phone: phoneField,
});

/** Courier delivery needs a street and a house; the rest is optional. */
export const courierAddressSchema = z.object({
  street: optionalText(FIELD_LIMITS.street).min(1, checkoutTexts.requiredStreet),
  house: optionalText(FIELD_LIMITS.house).min(1, checkoutTexts.requiredHouse),
  room: checked(FIELD_LIMITS.room, roomProblem),
  entrance: checked(FIELD_LIMITS.entrance, entranceProblem),
  floor: checked(FIELD_LIMITS.floor, floorProblem),
  message: optionalText(FIELD_LIMITS.message),
});

/** A posted string; missing (or a file) is undefined. */
const postedString = z.string().optional().catch(undefined);
/** A posted whole number; missing or anything else is undefined. */
const postedInteger = z.coerce.number().int().optional().catch(undefined);
/** A posted text cut to its limit, line breaks as "\n": saving a draft never refuses, placing the order checks. */
const postedText = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n").slice(0, max))
    .optional()
    .catch(undefined);

/** What every post may carry besides the text fields: the choices made on the form. */
const choices = {
  /** A city button: its code (null when malformed, still a city button), undefined when none was pressed. */
  chooseCity: z
    .string()
    .transform((code) => (/^\d{1,10}$/.test(code) ? code : null))
    .optional()
    .catch(undefined),
  deliveryId: postedInteger,
  pointCode: postedString,
  /** The office pickup slot, as a slot key (pickup/slots.ts) or undefined. */
  pickupSlot: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    .optional()
    .catch(undefined),
  paymentId: postedInteger,
  /** A cart line's remove button (its product id, checked by parseProductId). */
  removeLine: postedString,
  /** The terms the page showed (terms.ts), checked by parseTermsKey. */
  shown: z.string().max(4000).optional().catch(undefined),
  /** The buyer's texts, each undefined when the post left its field out (the draft keeps what it had). */
  texts: z.object({
    contact: z.object({
      name: postedText(FIELD_LIMITS.name),
      lastName: postedText(FIELD_LIMITS.name),
      secondName: postedText(FIELD_LIMITS.name),
      email: postedText(FIELD_LIMITS.email),
      phone: postedText(FIELD_LIMITS.phone),
    }),
    address: z.object({
      street: postedText(FIELD_LIMITS.street),
      house: postedText(FIELD_LIMITS.house),
      room: postedText(FIELD_LIMITS.room),
      entrance: postedText(FIELD_LIMITS.entrance),
      floor: postedText(FIELD_LIMITS.floor),
      message: postedText(FIELD_LIMITS.message),
    }),
    comment: postedText(FIELD_LIMITS.comment),
    company: z.object({
      /** Undefined when the post did not carry the company block at all. */
      asCompany: z.boolean().optional(),
      inn: postedText(FIELD_LIMITS.inn),
      kpp: postedText(FIELD_LIMITS.kpp),
      name: postedText(FIELD_LIMITS.companyName),
      legalAddress: postedText(FIELD_LIMITS.legalAddress),
      contactPerson: postedText(FIELD_LIMITS.contactPerson),
    }),
  }),
  /** The quantities typed into the cart lines ("qty:<id>"), by product id, as typed. */
  quantities: z.map(z.number(), z.string()),
};

export const checkoutIntents = ["save", "find-city", "place", "login", "identify"] as const;

/** The posted fields (the first value of each, as FormData.get reads them) in the shape the schema reads. */
function shapeOfPost(form: FormData) {
  const first = (name: string) => form.get(name) ?? undefined;
  const intent = first("intent");
  const quantities = new Map<number, string>();
  for (const [name, value] of form) {
    const id = /^qty:(\d{1,10})$/.exec(name)?.[1];
    if (id && !quantities.has(Number(id))) quantities.set(Number(id), typeof value === "string" ? value : "");
  }
  const texts = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([key, name]) => [key, first(name)]));
  return {
    ...Object.fromEntries(
      ["chooseCity", "deliveryId", "pointCode", "pickupSlot", "paymentId", "removeLine", "shown", "cityQuery", "token"].map((name) => [name, first(name)]),
    ),
    intent: checkoutIntents.includes(intent as never) ? intent : "save",
    texts: {
      contact: texts(FIELDS.contact),
      address: texts(FIELDS.address),
      comment: first("comment"),
      company: {
        ...texts(Object.fromEntries(Object.entries(FIELDS.company).filter(([key]) => key !== "asCompany"))),
        asCompany: form.has(COMPANY_BLOCK_FIELD) ? first(FIELDS.company.asCompany) === "1" : undefined,
      },
    },
    quantities,
  };
}

/**
 * A /checkout post, by the button pressed (`intent`; none or an unknown one saves). Never
 * refuses: a field that does not parse is as if it was not posted, and the action checks each
 * choice against what is offered and the texts when the order is placed.
 */
export const checkoutPostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), ...choices }),
  z.object({
    intent: z.literal("find-city"),
    ...choices,
    cityQuery: z
      .string()
      .catch("")
      .transform((query) => query.trim().slice(0, 60)),
  }),
  z.object({
    intent: z.literal("place"),
    ...choices,
    /** The one-time token the page was rendered with (orders.checkout_token). */
    token: z
      .string()
      .regex(/^[\w-]{16,64}$/)
      .optional()
      .catch(undefined),
  }),
  z.object({ intent: z.literal("login"), ...choices }),
  z.object({ intent: z.literal("identify"), ...choices }),
]);

export type CheckoutPost = z.output<typeof checkoutPostSchema>;
export type PostedTexts = CheckoutPost["texts"];

/** The whole /checkout post read once; the action works from this value alone. */
export function parseCheckoutPost(form: FormData): CheckoutPost {
  return checkoutPostSchema.parse(shapeOfPost(form));
}

/** The draft with the texts of a post applied (fields missing from the post stay as they were). */
export function applyPostedFields(draft: CheckoutDraft, texts: PostedTexts): CheckoutDraft {
  const contact = { ...draft.contact };
  for (const key of Object.keys(contact) as (keyof CheckoutContact)[]) contact[key] = texts.contact[key] ?? contact[key];
  const address = { ...draft.address };
  for (const key of Object.keys(address) as (keyof CheckoutAddress)[]) address[key] = texts.address[key] ?? address[key];
  const company = { ...draft.company };
  for (const key of Object.keys(company) as (keyof CheckoutCompany)[]) {
    if (key === "asCompany") company.asCompany = texts.company.asCompany ?? company.asCompany;
    else company[key] = texts.company[key] ?? company[key];
  }
  return { ...draft, contact, address, company, comment: texts.comment ?? draft.comment };
}

function isChangeNotice(value: unknown): value is ChangeNotice {
  const notice = value as ChangeNotice | null;
  return (
    !!notice &&
    typeof notice === "object" &&
    typeof notice.key === "string" &&
    Array.isArray(notice.messages) &&
    notice.messages.every((message) => typeof message === "string")
  );
}

/** A stored draft read back defensively: whatever is missing or malformed falls back to the empty draft's value. */
export function readDraft(stored: Record<string, unknown> | null | undefined): CheckoutDraft {
  const base = emptyDraft();
  if (!stored) return base;
  const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
  const record = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  const contact = record(stored.contact);
  const address = record(stored.address);
  const city = record(stored.city);
  const delivery = record(stored.delivery);
  const company = record(stored.company);
  return {
    contact: Object.fromEntries(Object.keys(base.contact).map((key) => [key, text(contact[key], "")])) as CheckoutContact,
    address: Object.fromEntries(Object.keys(base.address).map((key) => [key, text(address[key], "")])) as CheckoutAddress,
    company: {
      asCompany: company.asCompany === true,
      inn: text(company.inn, ""),
      kpp: text(company.kpp, ""),
      name: text(company.name, ""),
      legalAddress: text(company.legalAddress, ""),
      contactPerson: text(company.contactPerson, ""),
    },
    city:
      typeof city.code === "string" && /^\d{1,10}$/.test(city.code)
        ? { code: city.code, name: text(city.name, city.code), fullName: text(city.fullName, text(city.name, city.code)) }
        : base.city,
    delivery:
      typeof delivery.deliveryId === "number" && typeof delivery.type === "string"
        ? { ...base.delivery, ...(delivery as Partial<CheckoutDelivery>) }
        : base.delivery,
    pointCode: typeof stored.pointCode === "string" ? stored.pointCode : null,
    pickupSlot: typeof stored.pickupSlot === "string" ? stored.pickupSlot : null,
    comment: text(stored.comment, ""),
    orderError: typeof stored.orderError === "string" ? stored.orderError : null,
    priceNotice: stored.priceNotice && typeof stored.priceNotice === "object" ? (stored.priceNotice as PriceNotice) : null,
    changeNotice: isChangeNotice(stored.changeNotice) ? stored.changeNotice : null,
    lastOrderId: typeof stored.lastOrderId === "number" && Number.isSafeInteger(stored.lastOrderId) ? stored.lastOrderId : null,
  };
}

/** Field errors that stop the order (keyed by the posted field names), empty when it may be placed. */
export function validateForOrder(draft: CheckoutDraft, needs: { needsPoint: boolean; courier: boolean; needsSlot?: boolean }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const contact = contactSchema.safeParse(draft.contact);
  if (!contact.success) {
    for (const issue of contact.error.issues) {
      const name = FIELDS.contact[issue.path[0] as keyof CheckoutContact];
      (errors[name] ??= []).push(issue.message);
    }
  }
  if (needs.courier) {
    const address = courierAddressSchema.safeParse(draft.address);
    if (!address.success) {
      for (const issue of address.error.issues) {
        const name = FIELDS.address[issue.path[0] as keyof CheckoutAddress];
        (errors[name] ??= []).push(issue.message);
      }
    }
  }
  if (needs.needsPoint && !draft.pointCode) errors.pointCode = [checkoutTexts.requiredPoint];
  if (needs.needsSlot && !draft.pickupSlot) errors.pickupSlot = [checkoutTexts.requiredSlot];
  const company = companyOfDraft(draft);
  if (!company.ok) for (const [name, messages] of Object.entries(company.errors)) (errors[name] ??= []).push(...messages);
  return errors;
}

/**
 * The company the order is bought for: null for a private buyer; its details checked (ИНН check
 * digits, КПП for an organisation) when the buyer ticked «Покупаю как организация или ИП».
 * Paying by invoice needs one.
 */
export function companyOfDraft(draft: CheckoutDraft): { ok: true; company: CompanyBuyer | null } | { ok: false; errors: Record<string, string[]> } {
  if (!draft.company.asCompany) {
    if (draft.delivery.paymentId === PAYMENT_IDS.invoice) return { ok: false, errors: { [FIELDS.company.asCompany]: [paymentTexts.invoiceNeedsCompany] } };
    return { ok: true, company: null };
  }
  const { asCompany: _, ...typed } = draft.company;
  const parsed = companySchema.safeParse(typed);
  if (parsed.success) return { ok: true, company: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const name = FIELDS.company[issue.path[0] as Exclude<keyof CheckoutCompany, "asCompany">];
    if (name && !errors[name]?.includes(issue.message)) (errors[name] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}
