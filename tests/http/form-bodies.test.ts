// Every page form refuses a body that is not a form (JSON, plain text, a broken multipart)
// with 400 and a Russian page. Found by the hostile-input suite: /login, /cabinet/create,
// /my/profile/edit and /coin-buyback answered 503, their actions reading such a body threw;
// later the sandbox payment page (/payment/sandbox/{id}) the same way. Its body is read
// before the payment is looked up, so any id shows it.
import { beforeAll, describe, expect, it } from "vitest";
import { signIn } from "#tests/support/buyer.ts";
import { textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop();
let buyer: ShopClient;

beforeAll(async () => {
  buyer = shop.client();
  await buyer.get("/");
  await signIn(buyer, shop.smsOutbox, "+7 916 555-00-01", { register: false });
});

const bodies: Array<[string, string, string]> = [
  ["JSON", "application/json", JSON.stringify({ intent: "send", phone: "+79165550002" })],
  ["plain text", "text/plain", "intent=send&phone=%2B79165550002"],
  ["a multipart without its boundary", "multipart/form-data", '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsend\r\n--x--'],
];

const sandboxPage = "/payment/sandbox/00000000-0000-4000-8000-000000000000";

describe.each(["/cart", "/wishlist", "/product-comparison", "/login", "/cabinet/create", "/my/profile/edit", "/coin-buyback", sandboxPage])(
  "POST %s",
  (page) => {
    it.each(bodies)("with %s instead of a form: 400 and a Russian page", async (_name, type, body) => {
      const response = await buyer.request("POST", page, body, { headers: { "Content-Type": type } });
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(textContent(response.text)).toContain("Что-то пошло не так");
    });
  },
);

// Conform reads `__intent__` and `__state__` as JSON: sent by hand with any other text they made
// /login and /coin-buyback answer 503. The form is read as if they were not there.
describe.each(["/login", "/cabinet/create", "/my/profile/edit", "/coin-buyback", "/admin/login"])("POST %s with conform's intent fields", (page) => {
  it("is answered as the form without them (a redirect or the form's own errors), never a 5xx", async () => {
    const response = await buyer.postForm(page, { intent: "send", phone: "+7 916 555-00-03", __intent__: "{not json", __state__: "]" });
    expect(response.status).toBeLessThan(500);
  });
});
