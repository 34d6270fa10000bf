// Sign-in by SMS code as a buyer without JavaScript goes through it (/login, the code from
// the file outbox, step 3 at /cabinet/create), and through the /api/auth calls; the limits
// that stop guessing and SMS pumping; sessions; the account area.
import { beforeAll, describe, expect, it } from "vitest";
import { newPhone } from "#tests/support/buyer.ts";
import { findByTestId, h1Texts, textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";
import { readSmsCodes, waitForSmsCode } from "#tests/support/sms-outbox.ts";

const shop = runningShop();

async function visitor() {
  const client = shop.client();
  await client.get("/");
  return client;
}

const json = (response: { text: string }) => JSON.parse(response.text);
const apiPost = (client: ShopClient, path: string, body: unknown) =>
  client.request("POST", path, JSON.stringify(body), { headers: { "Content-Type": "application/json", Origin: shop.url } });

/** Steps 1 and 2 through /login as plain forms; returns the code that was used. */
async function signInWithoutJs(client: ShopClient, phone: { typed: string; normal: string }, redirectTo = "/") {
  const sent = await client.postForm("/login", { intent: "send", phone: phone.typed, redirectTo });
  expect(sent.status).toBe(303);
  expect(sent.headers.get("location")).toBe("/login");
  const code = await waitForSmsCode(shop.smsOutbox, phone.normal);
  const step2 = await client.html("/login");
  expect(textContent(step2)).toContain("Введите код из SMS");
  const verified = await client.postForm("/login", { intent: "verify", code, redirectTo });
  expect(verified.status).toBe(303);
  return { code, verified };
}

describe("without JavaScript", () => {
  it("signs a new buyer in through all three steps and returns to the page they came from", async () => {
    const client = await visitor();
    const phone = newPhone();
    const login = await client.html("/login?redirectTo=%2Fcatalog%2Fgold");
    expect(textContent(login)).toContain("Вход или регистрация");

    const { verified } = await signInWithoutJs(client, phone, "/catalog/gold");
    expect(verified.headers.get("location")).toBe("/cabinet/create");
    const step3 = await client.html("/cabinet/create");
    expect(h1Texts(step3)).toEqual(["Завершение регистрации"]);
    // The blank layout: no site header or footer, the logo still leads home.
    expect(findByTestId(step3, "site-header")).toHaveLength(0);
    expect(findByTestId(step3, "site-footer")).toHaveLength(0);
    expect(step3).toMatch(/<a[^>]*href="\/"/);

    const bad = await client.postForm("/cabinet/create", { intent: "register", fullName: "", email: "не почта", redirectTo: "/catalog/gold" });
    expect(bad.status).toBe(400);
    expect(textContent(bad.text)).toContain("Обязательное поле");
    expect(textContent(bad.text)).toContain("Email указан неверно");

    const done = await client.postForm("/cabinet/create", {
      intent: "register",
      fullName: "Петрова Анна Сергеевна",
      email: "anna@example.ru",
      consent: "on",
      redirectTo: "/catalog/gold",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/catalog/gold");
    const page = await client.html("/catalog/gold");
    expect(textContent(page)).toContain("Регистрация завершена");
    expect(textContent(page)).toContain("Профиль");
    expect(json(await client.get("/api/me"))).toMatchObject({
      name: "Анна",
      last_name: "Петрова",
      second_name: "Сергеевна",
      email: "anna@example.ru",
      phone: phone.normal,
    });
  });

  it("shows 'Неверный смс код' beside the field for a wrong code", async () => {
    const client = await visitor();
    const phone = newPhone();
    await client.postForm("/login", { intent: "send", phone: phone.typed, redirectTo: "/" });
    const code = await waitForSmsCode(shop.smsOutbox, phone.normal);
    const wrong = await client.postForm("/login", { intent: "verify", code: code === "0000" ? "1111" : "0000", redirectTo: "/" });
    expect(wrong.status).toBe(400);
    expect(textContent(wrong.text)).toContain("Неверный смс код");
    expect(wrong.text).toMatch(/aria-invalid="true"/);
  });

  it("sends a buyer who is already signed in from /login to the account", async () => {
    const client = await visitor();
    await signInWithoutJs(client, newPhone());
    // Until step 3 is done or skipped, /login shows it.
    expect(textContent(await client.html("/login"))).toContain("Завершение регистрации");
    await client.postForm("/login", { intent: "register", fullName: "Иван", email: "ivan@example.ru", consent: "on", redirectTo: "/" });
    const signedIn = await client.get("/login");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/my");
  });

  it("issues a new session token on every sign-in and ends the previous session", async () => {
    const client = await visitor();
    await signInWithoutJs(client, newPhone());
    const first = await client.cookie("session");
    expect(first).toMatch(/^[\w-]{43}$/);
    // The same browser signs in again (another phone, so no 120-second wait).
    await signInWithoutJs(client, newPhone());
    const second = await client.cookie("session");
    expect(second).toMatch(/^[\w-]{43}$/);
    expect(second).not.toBe(first);
    const old = shop.client();
    await old.setCookie(`session=${first}`);
    expect((await old.get("/api/me")).status).toBe(401);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("sends the account area to /login and back", async () => {
    const client = await visitor();
    for (const page of ["/my", "/my/orders", "/my/orders/1", "/my/profile", "/my/profile/edit"]) {
      const response = await client.get(page);
      expect(response.status, page).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(page)}`);
    }
    const phone = newPhone();
    const { verified } = await signInWithoutJs(client, phone, "/my/profile");
    expect(verified.headers.get("location")).toBe("/cabinet/create");
    const skipped = await client.postForm("/cabinet/create", { intent: "skip", redirectTo: "/my/profile" });
    expect(skipped.headers.get("location")).toBe("/my/profile");
    expect((await client.get("/my/profile")).status).toBe(200);
    const edited = await client.postForm("/my/profile/edit", { name: "Олег", lastName: "Смирнов", secondName: "", email: "oleg@example.ru" });
    expect(edited.status).toBe(303);
    expect(textContent(await client.html("/my/profile"))).toContain("Смирнов");
  });
});

describe("limits", () => {
  it("refuses the right code after five wrong tries", async () => {
    const client = await visitor();
    const phone = newPhone();
    expect((await apiPost(client, "/api/auth/get-code", { phone: phone.typed })).status).toBe(200);
    const code = await waitForSmsCode(shop.smsOutbox, phone.normal);
    const wrong = code === "0000" ? "1111" : "0000";
    for (let i = 0; i < 4; i++) {
      const response = await apiPost(client, "/api/auth/check-code", { code: wrong });
      expect(response.status).toBe(400);
      expect(json(response).error.message).toBe("Неверный смс код");
    }
    expect((await apiPost(client, "/api/auth/check-code", { code: wrong })).status).toBe(429);
    // The right code after that is refused as "too many tries", not "expired": the buyer asks for a new code.
    const sixth = await apiPost(client, "/api/auth/check-code", { code });
    expect(sixth.status).toBe(429);
    expect(json(sixth).error.code).toBe("too_many_tries");
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("refuses a new code before 120 s with the time to wait", async () => {
    const client = await visitor();
    const phone = newPhone();
    expect(json(await apiPost(client, "/api/auth/get-code", { phone: phone.typed })).data).toEqual({ phone: phone.normal, resendIn: 120 });
    const again = await apiPost(client, "/api/auth/get-code", { phone: phone.typed });
    expect(again.status).toBe(429);
    expect(json(again).error.message).toMatch(/^Новый код можно запросить через 1[12]\d с$/);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(100);
    expect(await readSmsCodes(shop.smsOutbox, phone.normal)).toHaveLength(1);
  });

  it("caps the codes one address may ask for in an hour", async () => {
    // 20 an hour from one address; the suite's earlier tests used some of them from 127.0.0.1.
    const client = await visitor();
    let refused: { status: number; text: string } | undefined;
    for (let i = 0; i < 25 && !refused; i++) {
      const response = await apiPost(client, "/api/auth/get-code", { phone: newPhone().typed });
      if (response.status !== 200) refused = response;
    }
    expect(refused?.status).toBe(429);
    expect(json(refused!).error.message).toMatch(/Слишком много кодов за час/);
  });
});

describe("/api/auth", () => {
  let client: ShopClient;
  let phone: { typed: string; normal: string };
  // A shop of its own: the previous tests used up this address's hourly allowance.
  const cap = runningShop();

  beforeAll(async () => {
    client = cap.client();
    await client.get("/");
    phone = newPhone();
  });

  const post = (path: string, body: unknown, origin: string | null = null) =>
    client.request("POST", path, typeof body === "string" ? body : JSON.stringify(body), {
      headers: { "Content-Type": "application/json", ...(origin === null ? { Origin: cap.url } : { Origin: origin }) },
    });

  it("validates the phone and refuses other sites", async () => {
    expect(json(await post("/api/auth/get-code", {})).error.message).toBe("Обязательное поле");
    expect(json(await post("/api/auth/get-code", { phone: "12345" })).error.message).toBe("Номер неполный: нужно 10 цифр после +7");
    expect(json(await post("/api/auth/get-code", { phone: "+1 916 111 22 33" })).error.message).toBe("Введите номер в формате +7 (999) 123-45-67");
    const broken = await post("/api/auth/get-code", "{broken");
    expect(broken.status).toBe(400);
    expect(json(broken).error).toEqual({ code: "bad_body", message: "Тело запроса должно быть в формате JSON" });
    // Over the 4 KB an /api/auth body may have: the same 413 as every /api call.
    const huge = await post("/api/auth/get-code", { phone: phone.typed, padding: "x".repeat(5_000) });
    expect(huge.status).toBe(413);
    expect(json(huge).error).toEqual({ code: "too_large", message: "Слишком большой запрос" });
    expect((await post("/api/auth/get-code", { phone: phone.typed }, "https://evil.example")).status).toBe(403);
  });

  it("signs in with { code } for the pending phone, merging the visitor's cart, with a new token each time", async () => {
    const product = 2;
    await client.request("PATCH", `/api/cart/${product}`, JSON.stringify({ quantity: 1 }), {
      headers: { Origin: cap.url, "Content-Type": "application/json" },
    });
    expect((await post("/api/auth/get-code", { phone: phone.typed })).status).toBe(200);
    const code = await waitForSmsCode(cap.smsOutbox, phone.normal);
    const signed = json(await post("/api/auth/check-code", { code }));
    expect(signed.data).toMatchObject({ isLogged: true, needsProfile: true, profile: { phone: phone.normal } });
    const firstToken = await client.cookie("session");
    expect(firstToken).toMatch(/^[\w-]{43}$/);
    expect(json(await client.get("/api/cart")).data.order.coins).toEqual([{ id: product, count: 1 }]);

    expect(json(await post("/api/me", { name: "", email: "x" })).error.message).toBe("Обязательное поле");
    expect(json(await post("/api/me", { name: "Мария", email: "x" })).error.message).toBe("Email указан неверно");
    expect(json(await post("/api/me", { name: "Мария", email: "maria@example.ru" }))).toMatchObject({ name: "Мария", email: "maria@example.ru" });

    // The session ends on the server: the old token is worthless, and lists are the visitor's (empty).
    const out = await client.get("/api/auth/logout", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(json(out).data).toEqual({ isLogged: false });
    expect((await client.get("/api/me")).status).toBe(401);
    expect(json(await client.get("/api/cart")).data.totalCoins).toBe(0);
    const stolen = cap.client();
    await stolen.setCookie(`session=${firstToken}`);
    expect((await stolen.get("/api/me")).status).toBe(401);
  });

  it("accepts { phone, code } too from the browser that asked, and refuses a cross-site logout", async () => {
    const other = newPhone();
    const anywhere = cap.client();
    await anywhere.get("/");
    const send = await anywhere.request("POST", "/api/auth/get-code", JSON.stringify({ phone: other.typed }), {
      headers: { Origin: cap.url, "Content-Type": "application/json" },
    });
    expect(send.status).toBe(200);
    const code = await waitForSmsCode(cap.smsOutbox, other.normal);
    // Another browser with the phone and the right code gets only the answer to a wrong code.
    const stranger = cap.client();
    const refused = await stranger.request("POST", "/api/auth/check-code", JSON.stringify({ phone: other.normal, code }), {
      headers: { Origin: cap.url, "Content-Type": "application/json" },
    });
    expect(json(refused).error).toEqual({ code: "wrong_code", message: "Неверный смс код" });
    const signed = await anywhere.request("POST", "/api/auth/check-code", JSON.stringify({ phone: other.normal, code }), {
      headers: { Origin: cap.url, "Content-Type": "application/json" },
    });
    expect(json(signed).data.isLogged).toBe(true);
    expect((await anywhere.get("/api/auth/logout", { headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(403);
    expect((await anywhere.get("/api/me")).status).toBe(200);
    // Neither a HEAD (run through the same loader) nor an OPTIONS signs anyone out.
    const head = await anywhere.head("/api/auth/logout", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("GET");
    expect((await anywhere.request("OPTIONS", "/api/auth/logout", undefined, { headers: { "Sec-Fetch-Site": "same-origin" } })).status).toBe(204);
    expect((await anywhere.get("/api/me")).status).toBe(200);
  });
});

describe("when the SMS cannot be sent", () => {
  const down = runningShop({ env: { SMS_PROVIDER: "smsru", SMSRU_API_ID: "test-key", SMSRU_BASE_URL: "http://127.0.0.1:9", SMS_TIMEOUT_MS: "500" } });

  it("tells the buyer, and the failed attempt does not count", async () => {
    const client = down.client();
    await client.get("/");
    const phone = newPhone();
    const first = await client.request("POST", "/api/auth/get-code", JSON.stringify({ phone: phone.typed }), {
      headers: { Origin: down.url, "Content-Type": "application/json" },
    });
    expect(first.status).toBe(502);
    expect(json(first).error.message).toBe("Не удалось отправить SMS. Попробуйте ещё раз через минуту");
    // No 120-second wait: no code went out.
    const second = await client.request("POST", "/api/auth/get-code", JSON.stringify({ phone: phone.typed }), {
      headers: { Origin: down.url, "Content-Type": "application/json" },
    });
    expect(second.status).toBe(502);
    const form = await client.postForm("/login", { intent: "send", phone: phone.typed, redirectTo: "/" });
    expect(form.status).toBe(502);
    expect(textContent(form.text)).toContain("Не удалось отправить SMS");
  });
});
