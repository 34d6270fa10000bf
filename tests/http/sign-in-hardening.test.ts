// Sign-in as a stranger would attack it and as a buyer coming from checkout walks it, without
// JavaScript: a code check bound to the browser that asked for it, a
// per-address ceiling on checks, 'Пропустить' only for the signed-in,
// back to the same number keeps the code, messages for an empty or partial
// phone, and back to checkout with what was typed there.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inputValue, textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { type Shop, startShop } from "#tests/support/server.ts";
import { readSmsCodes, waitForSmsCode } from "#tests/support/sms-outbox.ts";

let shop: Shop;
let outbox: string;
let scratch: string;
let counter = 0;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-sign-in-"));
  outbox = path.join(scratch, "outbox.jsonl");
  shop = await startShop({ env: { SMS_PROVIDER: "file", SMS_OUTBOX_FILE: outbox } });
});
afterAll(async () => {
  await shop?.stop();
  await rm(scratch, { recursive: true, force: true });
});

function newPhone(): { typed: string; normal: string } {
  counter++;
  const digits = `915${String(Date.now() % 10_000).padStart(4, "0")}${String(counter).padStart(3, "0")}`;
  return { typed: `8 ${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`, normal: `+7${digits}` };
}

async function browser(url = shop.url) {
  const client = new ShopClient(url, { headers: { Origin: url } });
  await client.get("/");
  return client;
}

const json = (response: { text: string }) => JSON.parse(response.text);
const apiPost = (client: ShopClient, url: string, body: unknown) =>
  client.request("POST", url, JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
const wrongOf = (code: string) => (code === "0000" ? "1111" : "0000");

describe("a code check belongs to the browser that asked for the code", () => {
  it("lets no stranger spend the buyer's tries nor tell a sign-in in progress from none", async () => {
    const victim = await browser();
    const phone = newPhone();
    expect((await apiPost(victim, "/api/auth/get-code", { phone: phone.typed })).status).toBe(200);
    const code = await waitForSmsCode(outbox, phone.normal);

    const stranger = await browser();
    const answers = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const response = await apiPost(stranger, "/api/auth/check-code", { phone: phone.normal, code: wrongOf(code) });
      answers.add(`${response.status} ${response.text}`);
    }
    // A phone with no sign-in in progress answers the same.
    const idle = await apiPost(stranger, "/api/auth/check-code", { phone: newPhone().normal, code: "1234" });
    answers.add(`${idle.status} ${idle.text}`);
    // Even the right code is nothing without the browser's cookie.
    const guessed = await apiPost(stranger, "/api/auth/check-code", { phone: phone.normal, code });
    answers.add(`${guessed.status} ${guessed.text}`);
    expect([...answers]).toEqual([`400 ${JSON.stringify({ error: { code: "wrong_code", message: "Неверный смс код" } })}`]);
    expect((await stranger.get("/api/me")).status).toBe(401);

    // The buyer's code still has all its tries: four wrong ones, then the right one signs in.
    for (let i = 0; i < 4; i++) expect(json(await apiPost(victim, "/api/auth/check-code", { code: wrongOf(code) })).error.message).toBe("Неверный смс код");
    const signed = await apiPost(victim, "/api/auth/check-code", { phone: phone.typed, code });
    expect(signed.status).toBe(200);
    expect(json(signed).data).toMatchObject({ isLogged: true, profile: { phone: phone.normal } });
  });

  it("binds the no-JavaScript steps the same way: a stranger's /login verify finds no code", async () => {
    const victim = await browser();
    const phone = newPhone();
    expect((await victim.postForm("/login", { intent: "send", phone: phone.typed, redirectTo: "/" })).status).toBe(303);
    const code = await waitForSmsCode(outbox, phone.normal);
    const stranger = await browser();
    await stranger.postForm("/login", { intent: "send", phone: phone.typed, redirectTo: "/" });
    for (let i = 0; i < 6; i++) await stranger.postForm("/login", { intent: "verify", code: wrongOf(code), redirectTo: "/" });
    expect((await victim.postForm("/login", { intent: "verify", code, redirectTo: "/" })).status).toBe(303);
    expect((await victim.get("/api/me")).status).toBe(200);
  });

  it("caps code checks per address: the 61st in an hour is refused with 429", async () => {
    const own = await startShop({ env: { SMS_PROVIDER: "file", SMS_OUTBOX_FILE: outbox } });
    try {
      const client = await browser(own.url);
      let refused: { status: number; text: string; headers: Headers } | undefined;
      for (let i = 0; i < 61 && !refused; i++) {
        const response = await apiPost(client, "/api/auth/check-code", { phone: newPhone().normal, code: "1234" });
        if (response.status !== 400) refused = response;
      }
      expect(refused?.status).toBe(429);
      expect(json(refused!).error.message).toMatch(/^Слишком много попыток ввода кода/);
      expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
      // The page form says the same, in Russian.
      const page = await client.postForm("/login", { intent: "verify", code: "1234", redirectTo: "/" });
      expect(page.status).toBeGreaterThanOrEqual(400);
    } finally {
      await own.stop();
    }
  });
});

describe("the steps without JavaScript", () => {
  it("does not greet someone who skips step 3 without signing in", async () => {
    const client = await browser();
    const skipped = await client.postForm("/login", { intent: "skip", redirectTo: "/" });
    expect(skipped.status).toBe(401);
    expect(textContent(skipped.text)).toContain("Сначала войдите по коду из SMS");
    expect(textContent(skipped.text)).not.toContain("Вы вошли в личный кабинет");
    expect(textContent(await client.html("/"))).not.toContain("Вы вошли в личный кабинет");
  });

  it("says what is wrong with an empty or a partial phone", async () => {
    const client = await browser();
    const empty = await client.postForm("/login", { intent: "send", phone: "", redirectTo: "/" });
    expect(empty.status).toBe(400);
    expect(textContent(empty.text)).toContain("Обязательное поле");
    const partial = await client.postForm("/login", { intent: "send", phone: "+7 (916) 111-2", redirectTo: "/" });
    expect(partial.status).toBe(400);
    expect(textContent(partial.text)).toContain("Номер неполный: нужно 10 цифр после +7");
    // The number comes back as typed, not shifted by the 7 of +7.
    expect(inputValue(partial.text, "phone")).toMatch(/^\+7 \(916\) 111-2/);
  });

  it("reads every way of writing the number as the same number", async () => {
    for (const typed of ["+79161112233", "89161112233", "79161112233", "9161112233", "+7 (916) 111-22-33", "8 (916) 111 22 33"]) {
      const client = await browser();
      const sent = await client.postForm("/login", { intent: "send", phone: typed, redirectTo: "/" });
      // The first sends the code; the rest meet the 120-second wait for that same number.
      expect([303, 429], typed).toContain(sent.status);
      if (sent.status === 429) expect(textContent(sent.text)).toMatch(/Новый код можно запросить через/);
    }
    expect(await readSmsCodes(outbox, "+79161112233")).toHaveLength(1);
  });

  it("going back and continuing with the same number keeps the code it sent", async () => {
    const client = await browser();
    const phone = newPhone();
    await client.postForm("/login", { intent: "send", phone: phone.typed, redirectTo: "/" });
    const code = await waitForSmsCode(outbox, phone.normal);
    expect((await client.postForm("/login", { intent: "back", redirectTo: "/" })).headers.get("location")).toBe("/login");
    const step1 = await client.html("/login");
    expect(textContent(step1)).toContain("Вход или регистрация");
    const again = await client.postForm("/login", { intent: "send", phone: phone.typed, redirectTo: "/" });
    expect(again.status).toBe(303);
    const step2 = textContent(await client.html("/login"));
    expect(step2).toContain("Введите код из SMS");
    expect(step2).not.toContain("Новый код можно запросить через 1");
    expect(await readSmsCodes(outbox, phone.normal)).toHaveLength(1);
    expect((await client.postForm("/login", { intent: "verify", code, redirectTo: "/" })).status).toBe(303);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("brings a new buyer from checkout back to checkout, with what they typed there", async () => {
    const client = await browser();
    // An earlier sign-in begun on the home page and left at 'Изменить номер' (its cookie lives 15 minutes).
    await client.html("/login");
    expect((await client.postForm("/login", { intent: "back", redirectTo: "/" })).status).toBe(303);
    expect((await client.postForm("/cart", { intent: "add", productId: "1", quantity: "1" })).status).toBe(303);
    const checkout = await client.html("/checkout");
    const phone = newPhone();
    const login = await client.postForm("/checkout", {
      token: inputValue(checkout, "token") ?? "",
      shown: inputValue(checkout, "shown") ?? "",
      lastName: "Орлова",
      name: "Мария",
      secondName: "Игоревна",
      email: "maria.orlova@example.ru",
      phone: phone.typed,
      intent: "login",
    });
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe("/login?redirectTo=%2Fcheckout");

    const step1 = await client.html("/login?redirectTo=%2Fcheckout");
    expect(inputValue(step1, "phone")).toBe(
      `+7 (${phone.normal.slice(2, 5)}) ${phone.normal.slice(5, 8)}-${phone.normal.slice(8, 10)}-${phone.normal.slice(10)}`,
    );
    expect(inputValue(step1, "redirectTo")).toBe("/checkout");
    await client.postForm("/login", { intent: "send", phone: inputValue(step1, "phone")!, redirectTo: "/checkout" });
    const code = await waitForSmsCode(outbox, phone.normal);
    const step2 = await client.html("/login");
    const verified = await client.postForm("/login", { intent: "verify", code, redirectTo: inputValue(step2, "redirectTo")! });
    expect(verified.headers.get("location")).toBe("/cabinet/create");

    const step3 = await client.html("/cabinet/create");
    expect(inputValue(step3, "fullName")).toBe("Орлова Мария Игоревна");
    expect(inputValue(step3, "email")).toBe("maria.orlova@example.ru");
    expect(inputValue(step3, "redirectTo")).toBe("/checkout");
    const done = await client.postForm("/cabinet/create", {
      intent: "register",
      fullName: inputValue(step3, "fullName")!,
      email: inputValue(step3, "email")!,
      consent: "on",
      redirectTo: inputValue(step3, "redirectTo")!,
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/checkout");
    expect(textContent(await client.html("/checkout"))).toContain("Оформить заказ");
  });
});

describe("too many wrong codes", () => {
  const tooMany = "Слишком много неверных попыток. Запросите новый код";

  it("says so at the fifth and sixth wrong code and to the right code after them, on the page without JavaScript", async () => {
    const client = await browser();
    const phone = newPhone();
    expect((await client.postForm("/login", { intent: "send", phone: phone.typed, redirectTo: "/" })).status).toBe(303);
    const code = await waitForSmsCode(outbox, phone.normal);
    for (let i = 1; i <= 4; i++) {
      const wrong = await client.postForm("/login", { intent: "verify", code: wrongOf(code), redirectTo: "/" });
      expect([wrong.status, textContent(wrong.text)], `wrong code ${i}`).toEqual([400, expect.stringContaining("Неверный смс код")]);
    }
    for (const [label, typed] of [
      ["fifth wrong", wrongOf(code)],
      ["sixth wrong", wrongOf(code)],
      ["right after them", code],
    ] as const) {
      const answer = await client.postForm("/login", { intent: "verify", code: typed, redirectTo: "/" });
      expect(answer.status, label).toBe(429);
      expect(textContent(answer.text), label).toContain(tooMany);
      expect(textContent(answer.text), label).not.toContain("Код устарел");
      // What to do is on the page: a new code can be asked for.
      expect(textContent(answer.text), label).toContain("Получить новый код");
    }
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("says so in the modal's answer (a fetcher's post) as well", async () => {
    const client = await browser();
    const phone = newPhone();
    const fetcherPost = (fields: Record<string, string>) => client.postForm("/login.data", { ...fields, redirectTo: "/", _fetcher: "1" });
    expect((await fetcherPost({ intent: "send", phone: phone.typed })).status).toBe(200);
    const code = await waitForSmsCode(outbox, phone.normal);
    for (let i = 1; i <= 4; i++) expect((await fetcherPost({ intent: "verify", code: wrongOf(code) })).text).toContain("Неверный смс код");
    for (const typed of [wrongOf(code), wrongOf(code), code]) {
      const answer = await fetcherPost({ intent: "verify", code: typed });
      expect(answer.status).toBe(429);
      expect(answer.text).toContain(tooMany);
    }
  });
});
