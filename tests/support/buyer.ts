// A buyer without JavaScript, for HTTP suites: signs in by the SMS code from the file outbox,
// fills a cart and places an order through /checkout as plain form posts.
import { expect } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { attribute, inputValue, radioValues, tags, textByTestId } from "./html.ts";
import { ShopClient } from "./http-client.ts";
import { normalizePhone, waitForSmsCode } from "./sms-outbox.ts";

/** The catalogue id of a demo coin by its slug (ids follow the demo file's order). */
export const productIdOf = (slug: string) => demoCatalog.findIndex((coin) => coin.slug === slug) + 1;

let phoneCounter = 0;

/**
 * A phone number no other buyer of this worker's last thousand has, as typed and as the shop
 * stores it. The HTTP files share their worker's modules (vitest.config.ts), so the count runs on
 * across files; it wraps at three digits, and each file has its own shop.
 */
export function newPhone(): { typed: string; normal: string } {
  phoneCounter++;
  const digits = `926${String(process.pid % 10_000).padStart(4, "0")}${String(phoneCounter % 1000).padStart(3, "0")}`;
  return { typed: `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`, normal: `+7${digits}` };
}

export type Buyer = { client: ShopClient; phone: { typed: string; normal: string }; email: string };

export type SignIn = {
  /** Where the code step sent the browser: redirectTo for a known buyer, step 3 (/cabinet/create…) for a new one. */
  verified: string;
  /** Where the browser ended: after step 3 when it was filled in, else `verified`. */
  landed: string;
};

/**
 * Signs a browser in at /login as plain forms: asks for the code, reads it from the SMS outbox
 * (sent after this call began), posts it and, for a new buyer, fills in step 3 with `register`
 * unless it is false (to test step 3 itself).
 */
export async function signIn(
  client: ShopClient,
  smsOutbox: string,
  phone: string,
  { redirectTo = "/", register = {} }: { redirectTo?: string; register?: false | { fullName?: string; email?: string } } = {},
): Promise<SignIn> {
  const since = new Date();
  expect((await client.postForm("/login", { intent: "send", phone, redirectTo })).status).toBe(303);
  const code = await waitForSmsCode(smsOutbox, phone, { after: since });
  const answer = await client.postForm("/login", { intent: "verify", code, redirectTo });
  expect(answer.status).toBe(303);
  const verified = answer.headers.get("location")!;
  if (!verified.startsWith("/cabinet/create") || register === false) return { verified, landed: verified };
  const { fullName = "Иванов Пётр Сергеевич", email = `buyer${normalizePhone(phone).slice(-6)}@example.ru` } = register;
  const done = await client.postForm(verified, { intent: "register", fullName, email, consent: "on", redirectTo });
  expect(done.status).toBe(303);
  return { verified, landed: done.headers.get("location")! };
}

/** A new buyer signed in through /login and step 3 as plain forms (`fullName` is what step 3 is given). */
export async function signedInBuyer(shopUrl: string, smsOutbox: string, { fullName = "Иванов Пётр Сергеевич" }: { fullName?: string } = {}): Promise<Buyer> {
  const client = new ShopClient(shopUrl);
  await client.get("/");
  const phone = newPhone();
  const email = `buyer${phone.normal.slice(-6)}@example.ru`;
  await signIn(client, smsOutbox, phone.typed, { register: { fullName, email } });
  return { client, phone, email };
}

/**
 * Puts `quantity` of a coin into the buyer's cart and places the order at /checkout with free
 * delivery to the first pickup point and online payment; returns the order id and where the
 * shop sent the buyer (the payment page).
 */
export async function placeOrderByForms(buyer: Buyer, productId: number, quantity = 1): Promise<{ orderId: number; paymentUrl: string }> {
  const { client } = buyer;
  expect((await client.postForm("/cart", { intent: "add", productId: String(productId), quantity: String(quantity) })).status).toBe(303);
  const page = await client.html("/checkout");
  const placed = await postCheckoutForm(client, page, { ...pickupOrderFields(buyer, page), intent: "place" });
  expect(placed.status).toBe(303);
  const paymentUrl = placed.headers.get("location")!;
  return { orderId: await latestOrderId(client), paymentUrl };
}

/** The checkout's fields for an order to the first free pickup point, paid online, as the page offers them. */
export function pickupOrderFields(buyer: Buyer, page: string): Record<string, string> {
  return {
    lastName: "Иванов",
    name: "Пётр",
    secondName: "Сергеевич",
    phone: buyer.phone.typed,
    email: buyer.email,
    deliveryId: "76",
    pointCode: radioValues(page, "pointCode")[0]!,
    paymentId: "4",
  };
}

/** An order placed by forms and paid on the sandbox's payment page, with its number as the buyer sees it. */
export async function paidOrderByForms(buyer: Buyer, productId: number, quantity = 1): Promise<{ orderId: number; number: string }> {
  const { orderId, paymentUrl } = await placeOrderByForms(buyer, productId, quantity);
  expect((await buyer.client.postForm(new URL(paymentUrl, buyer.client.baseUrl).pathname, { intent: "pay" })).status).toBe(303);
  const number = textByTestId(await buyer.client.html(`/my/orders/${orderId}`), "order-number")!.replace("№", "");
  return { orderId, number };
}

/** Posts the /checkout form as a browser without JavaScript does: the page's hidden token and what it showed, plus the fields given. */
export function postCheckoutForm(client: ShopClient, page: string, fields: Record<string, string>) {
  return client.postForm("/checkout", { token: inputValue(page, "token") ?? "", shown: inputValue(page, "shown") ?? "", ...fields });
}

/** The id of the buyer's newest order, from the links of /my/orders. */
export async function latestOrderId(client: ShopClient): Promise<number> {
  const orders = await client.html("/my/orders");
  const ids = tags(orders, "a")
    .map((tag) => /\/my\/orders\/(\d+)/.exec(attribute(tag, "href") ?? "")?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
  return Math.max(...ids);
}
