import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { checkoutErrorsContext, checkoutErrorsHeader, checkoutErrorsMiddleware, type CheckoutErrors } from "./form-errors.server.ts";

/** Runs the middleware for a request carrying `cookie`; `answer` is what the route answers. */
async function pass(cookie: string | null, answer: Response = new Response("ok")) {
  const context = new RouterContextProvider();
  const request = new Request("https://shop.test/checkout", { headers: cookie ? { Cookie: cookie } : {} });
  const response = (await checkoutErrorsMiddleware(
    { request, context, params: {}, url: new URL(request.url), pattern: "/checkout" } as never,
    async () => answer,
  )) as Response;
  return { errors: context.get(checkoutErrorsContext), setCookies: response.headers.getSetCookie() };
}

const cookieOf = (header: string) => header.split(";")[0]!;

describe("the checkout's one-shot errors cookie", () => {
  it("carries the errors of a post to the next page once, then clears itself", async () => {
    const errors: CheckoutErrors = {
      phone: ["Номер неполный: нужно 10 цифр после +7"],
      email: ["Email указан неверно"],
      "qty:12": ["Можно купить не больше 5 шт."],
    };
    const header = await checkoutErrorsHeader(errors);
    expect(header).toMatch(/^checkout_errors=.+; .*HttpOnly/i);
    const shown = await pass(cookieOf(header!));
    expect(shown.errors).toEqual(errors);
    expect(shown.setCookies).toHaveLength(1);
    expect(shown.setCookies[0]).toMatch(/^checkout_errors=;.*Max-Age=0/i);
  });

  it("sets nothing when there are no errors, and a page without the cookie shows none", async () => {
    expect(await checkoutErrorsHeader({})).toBeNull();
    expect(await pass(null)).toEqual({ errors: {}, setCookies: [] });
  });

  it("stores a message repeated over many fields once, so a cart of refused quantities stays small", async () => {
    const errors = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`qty:${index + 1}`, ["Количество — целое число от 1 до 50"]]));
    const header = (await checkoutErrorsHeader(errors))!;
    expect(cookieOf(header).length).toBeLessThan(2000);
    expect((await pass(cookieOf(header))).errors).toEqual(errors);
  });

  it("ignores a tampered cookie, and keeps new errors the answer sets instead of clearing them", async () => {
    const header = (await checkoutErrorsHeader({ phone: ["Обязательное поле"] }))!;
    const [name, value] = cookieOf(header).split("=") as [string, string];
    expect((await pass(`${name}=${value.slice(0, -3)}abc`)).errors).toEqual({});
    const next = (await checkoutErrorsHeader({ email: ["Email указан неверно"] }))!;
    const answered = await pass(cookieOf(header), new Response(null, { status: 303, headers: { "Set-Cookie": next } }));
    expect(answered.setCookies).toEqual([next]);
  });
});
