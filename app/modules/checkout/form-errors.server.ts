import { createContext, type MiddlewareFunction } from "react-router";
import { setsCookie } from "../shared/cookies.ts";
import { signedCookie } from "../config/signed-cookie.server.ts";
import type { CheckoutErrors } from "./draft.ts";

export type { CheckoutErrors };

/**
 * The checkout's field errors, per posted field name ("lastName", "pointCode", "qty:12"), from
 * a POST to the page its redirect shows, once (docs/decisions/029-forms-vocabulary.md). They
 * travel in a one-shot signed cookie like the flash notice (signedCookie), not in the stored
 * draft: a reload or a second tab shows the draft without them.
 */

/** Stored as its distinct messages and, per field, their indexes: a cart of many refused quantities repeats few texts. */
type Stored = { m: string[]; f: Record<string, number[]> };

const FIELD_NAME = /^[\w:-]{1,40}$/;
const MAX_FIELDS = 100;
const MAX_MESSAGE = 300;

function pack(errors: CheckoutErrors): Stored {
  const messages: string[] = [];
  const fields: Record<string, number[]> = {};
  for (const [name, list] of Object.entries(errors).slice(0, MAX_FIELDS)) {
    fields[name] = list.map((message) => {
      const text = message.slice(0, MAX_MESSAGE);
      const index = messages.indexOf(text);
      return index === -1 ? messages.push(text) - 1 : index;
    });
  }
  return { m: messages, f: fields };
}

function unpack(stored: unknown): CheckoutErrors | null {
  const value = stored as Partial<Stored> | null;
  if (!value || typeof value !== "object" || !Array.isArray(value.m) || !value.f || typeof value.f !== "object") return null;
  const messages = value.m.filter((message): message is string => typeof message === "string").map((message) => message.slice(0, MAX_MESSAGE));
  const errors: CheckoutErrors = {};
  for (const [name, indexes] of Object.entries(value.f).slice(0, MAX_FIELDS)) {
    if (!FIELD_NAME.test(name) || !Array.isArray(indexes)) continue;
    const list = indexes
      .map((index) => (typeof index === "number" ? messages[index] : undefined))
      .filter((message): message is string => message !== undefined);
    if (list.length > 0) errors[name] = list;
  }
  return errors;
}

export const CHECKOUT_ERRORS_COOKIE = "checkout_errors";

/** Signed like the flash notice, and as short-lived: it only has to reach the page the redirect shows. */
const errorsCookie = signedCookie(CHECKOUT_ERRORS_COOKIE, { maxAge: 60 });

/** The Set-Cookie header that carries the errors to the page the redirect shows; null when there are none. */
export async function checkoutErrorsHeader(errors: CheckoutErrors): Promise<string | null> {
  return Object.keys(errors).length > 0 ? errorsCookie().serialize(pack(errors)) : null;
}

/** The errors of the previous POST for this request's page (none when there were none). */
export const checkoutErrorsContext = createContext<CheckoutErrors>({});

/**
 * Hands the previous POST's errors to the checkout page once, then clears the cookie (unless
 * the answer carries new ones): the page after the redirect shows them, a reload does not.
 */
export const checkoutErrorsMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // A tampered or malformed cookie counts as none (the signature or the shape fails).
  const errors = unpack(await errorsCookie().parse(request.headers.get("Cookie")));
  context.set(checkoutErrorsContext, errors ?? {});
  const response = await next();
  if (errors && !setsCookie(response, CHECKOUT_ERRORS_COOKIE)) response.headers.append("Set-Cookie", await errorsCookie().serialize("", { maxAge: 0 }));
  return response;
};
