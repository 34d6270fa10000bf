import { z } from "zod";
import { emailField, namePartField, phoneField } from "../auth/profile.ts";
import type { CheckoutDelivery } from "../delivery/rules.ts";
import { entranceProblem, floorProblem, roomProblem } from "./address-fields.ts";
import {
  type ChangeNotice,
  type CheckoutAddress,
  type CheckoutContact,
  type CheckoutDraft,
  checkoutTexts,
  emptyDraft,
  FIELD_LIMITS,
  FIELDS,
  type PriceNotice,
} from "./draft.ts";

/** Parsing and checking what /checkout posts (server only: keeps zod out of the page's JavaScript). */

const tooLong = (max: number) => `Не больше ${max} символов`;
const optional = (max: number) => z.string().trim().max(max, tooLong(max));
/** An optional field with its own rule (address-fields.ts). */
const checked = (max: number, problem: (value: string) => string | null) =>
  optional(max).superRefine((value, ctx) => {
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
  street: z.string().trim().min(1, checkoutTexts.requiredStreet).max(FIELD_LIMITS.street, tooLong(FIELD_LIMITS.street)),
  house: z.string().trim().min(1, checkoutTexts.requiredHouse).max(FIELD_LIMITS.house, tooLong(FIELD_LIMITS.house)),
  room: checked(FIELD_LIMITS.room, roomProblem),
  entrance: checked(FIELD_LIMITS.entrance, entranceProblem),
  floor: checked(FIELD_LIMITS.floor, floorProblem),
  message: optional(FIELD_LIMITS.message),
});

/** A posted text cut to its limit: saving a draft never refuses, placing the order checks. */
export function postedText(form: FormData, name: string, max: number): string | undefined {
  const value = form.get(name);
  if (typeof value !== "string") return undefined;
  return value.replace(/\r\n?/g, "\n").slice(0, max);
}

/** The draft with the text fields of a post applied (fields missing from the post stay as they were). */
export function applyPostedFields(draft: CheckoutDraft, form: FormData): CheckoutDraft {
  const contact = { ...draft.contact };
  for (const [key, name] of Object.entries(FIELDS.contact) as [keyof CheckoutContact, string][]) {
    contact[key] = postedText(form, name, key === "email" ? FIELD_LIMITS.email : key === "phone" ? FIELD_LIMITS.phone : FIELD_LIMITS.name) ?? contact[key];
  }
  const address = { ...draft.address };
  for (const [key, name] of Object.entries(FIELDS.address) as [keyof CheckoutAddress, string][]) {
    address[key] = postedText(form, name, FIELD_LIMITS[key === "message" ? "message" : key]) ?? address[key];
  }
  const comment = postedText(form, "comment", FIELD_LIMITS.comment) ?? draft.comment;
  return { ...draft, contact, address, comment };
}

function isChangeNotice(value: unknown): value is ChangeNotice {
  const notice = value as ChangeNotice | null;
  return !!notice && typeof notice === "object" && typeof notice.key === "string" && Array.isArray(notice.messages) && notice.messages.every((message) => typeof message === "string");
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
  return {
    contact: Object.fromEntries(Object.keys(base.contact).map((key) => [key, text(contact[key], "")])) as CheckoutContact,
    address: Object.fromEntries(Object.keys(base.address).map((key) => [key, text(address[key], "")])) as CheckoutAddress,
    city: typeof city.code === "string" && /^\d{1,10}$/.test(city.code) ? { code: city.code, name: text(city.name, city.code), fullName: text(city.fullName, text(city.name, city.code)) } : base.city,
    delivery:
      typeof delivery.deliveryId === "number" && typeof delivery.type === "string"
        ? { ...base.delivery, ...(delivery as Partial<CheckoutDelivery>) }
        : base.delivery,
    pointCode: typeof stored.pointCode === "string" ? stored.pointCode : null,
    comment: text(stored.comment, ""),
    errors: (record(stored.errors) as Record<string, string[]>) ?? {},
    orderError: typeof stored.orderError === "string" ? stored.orderError : null,
    priceNotice: stored.priceNotice && typeof stored.priceNotice === "object" ? (stored.priceNotice as PriceNotice) : null,
    changeNotice: isChangeNotice(stored.changeNotice) ? stored.changeNotice : null,
    lastOrderId: typeof stored.lastOrderId === "number" && Number.isSafeInteger(stored.lastOrderId) ? stored.lastOrderId : null,
  };
}

/** Field errors that stop the order (keyed by the posted field names), empty when it may be placed. */
export function validateForOrder(draft: CheckoutDraft, needs: { needsPoint: boolean; courier: boolean }): Record<string, string[]> {
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
  return errors;
}
