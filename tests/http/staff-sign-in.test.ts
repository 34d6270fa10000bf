// The back office's sign-in and uploads as an outside attacker tried them: /admin/login must not
// tell a staff phone from any other (cookie, statuses, time), the storefront's code limits must
// not lock staff out and a stranger must not block a member on a device they signed in on before,
// code checks are limited per address, and nobody but staff who may edit the catalogue or content
// makes the shop hold an upload-sized body. The SMS gateway is a local SMS.ru stand-in that can
// answer slowly; each test has client addresses of its own (X-Forwarded-For behind TRUST_PROXY).
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { type FakeServer, startFakeHttpServer } from "#tests/support/fake-http-server.ts";
import { newPhone } from "#tests/support/buyer.ts";
import { adminDatabaseUrl, type Shop, startShop } from "#tests/support/server.ts";
import { connectStoredData, type StoredData, storedDataEnv } from "#tests/resilience/fuzz/stored-data.ts";

type Phone = { typed: string; normal: string };

let shop: Shop;
let stored: StoredData;
let gateway: FakeServer;
/** How long the stand-in gateway takes to answer a send. */
let gatewayDelayMs = 0;
let address = 0;

beforeAll(async () => {
  gateway = await startFakeHttpServer((request) => ({
    contentType: "application/json",
    body: JSON.stringify({
      status: "OK",
      status_code: 100,
      sms: { [new URLSearchParams(request.body).get("to") ?? ""]: { status: "OK", status_code: 100, sms_id: "1" } },
      balance: 1,
    }),
    delayMs: gatewayDelayMs,
  }));
  shop = await startShop({
    env: { SMS_PROVIDER: "smsru", SMSRU_API_ID: "test-key", SMSRU_BASE_URL: gateway.baseUrl, TRUST_PROXY: "true", ...storedDataEnv(!adminDatabaseUrl()) },
  });
  stored = await connectStoredData(shop);
}, 120_000);
afterAll(async () => {
  await stored?.close();
  await shop?.stop();
  await gateway?.close();
});

/** A browser at an address no other test uses. */
function browser(): ShopClient {
  address++;
  return new ShopClient(shop.url, { headers: { "X-Forwarded-For": `203.0.113.${address}` } });
}

async function addStaff(role: "manager" | "content" = "manager"): Promise<Phone> {
  const phone = newPhone();
  await stored.query("insert into staff (phone, name, role) values ($1, 'Тест', $2)", [phone.normal, role]);
  return phone;
}

/** The codes the gateway was asked to send to a phone, oldest first. */
function codesSentTo(phone: Phone): string[] {
  const digits = phone.normal.slice(1);
  return gateway.requests
    .map((request) => new URLSearchParams(request.body))
    .filter((fields) => fields.get("to") === digits)
    .map((fields) => /(\d{4})/.exec(fields.get("msg") ?? "")![1]!);
}

async function waitForCode(phone: Phone, count: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const codes = codesSentTo(phone);
    if (codes.length >= count) return codes[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no SMS number ${count} to ${phone.normal} (${codes.length} sent)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signIn(client: ShopClient, phone: Phone): Promise<void> {
  const before = codesSentTo(phone).length;
  expect((await client.postForm("/admin/login", { intent: "send", phone: phone.typed })).status).toBe(303);
  const code = await waitForCode(phone, before + 1);
  const verified = await client.postForm("/admin/login", { intent: "verify", code });
  expect([verified.status, verified.headers.get("location")]).toEqual([303, "/admin"]);
}

/** The step cookie's contents (react-router's signed cookie: base64 JSON, a dot, the signature). */
async function stepCookie(client: ShopClient): Promise<Record<string, unknown>> {
  const cookie = (await client.jar.getCookies(`${shop.url}/admin/login`)).find((candidate) => candidate.key === "staff_login");
  const value = decodeURIComponent(cookie!.value);
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as Record<string, unknown>;
}

/** As if the phone's codes had been asked for three minutes earlier: the next one may be asked for. */
async function ageCodes(phone: Phone): Promise<void> {
  await stored.query("update sms_codes set created_at = created_at - interval '3 minutes' where phone = $1", [phone.normal]);
}

const wrongOf = (code: string) => (code === "0000" ? "1111" : "0000");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe("/admin/login answers a staff phone as any other", () => {
  it("the same step cookie, and the same answers to five wrong codes", async () => {
    const staff = await addStaff();
    const other = newPhone();
    const shapes: string[] = [];
    const answers: string[][] = [];
    for (const phone of [staff, other]) {
      const client = browser();
      expect((await client.postForm("/admin/login", { intent: "send", phone: phone.typed })).status).toBe(303);
      const cookie = await stepCookie(client);
      shapes.push(JSON.stringify(Object.fromEntries(Object.entries(cookie).map(([key, value]) => [key, typeof value]))));
      const wrong = phone === staff ? wrongOf(await waitForCode(staff, 1)) : "0000";
      const seen: string[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await client.postForm("/admin/login", { intent: "verify", code: wrong });
        seen.push(`${answer.status} ${textContent(answer.text).match(/Неверный смс код|Слишком много неверных попыток[^.]*/)?.[0]}`);
      }
      answers.push(seen);
    }
    expect(shapes[0]).toBe(JSON.stringify({ step: "string", phone: "string", codeId: "number" }));
    expect(shapes[1]).toBe(shapes[0]);
    expect(answers[0]).toEqual([...Array(4).fill("400 Неверный смс код"), ...Array(2).fill("429 Слишком много неверных попыток")]);
    expect(answers[1]).toEqual(answers[0]);
  });

  it("the same status for both whatever spent the address's codes: the storefront's, then the back office's own", async () => {
    const client = browser();
    const staff = await addStaff();
    const other = newPhone();
    // The storefront's twenty codes an hour from this address are spent.
    for (let i = 0; i < 20; i++) expect((await client.postForm("/login", { intent: "send", phone: newPhone().typed, redirectTo: "/" })).status).toBe(303);
    const probe = async () => [
      (await client.postForm("/admin/login", { intent: "send", phone: staff.typed })).status,
      (await client.postForm("/admin/login", { intent: "send", phone: other.typed })).status,
    ];
    expect(await probe()).toEqual([303, 303]);
    // The back office's own twenty: past them, both are refused (once two minutes have passed since each one's code).
    for (let i = 0; i < 20; i++) await client.postForm("/admin/login", { intent: "send", phone: newPhone().typed });
    for (const phone of [staff, other]) await ageCodes(phone);
    expect(await probe()).toEqual([429, 429]);
  });

  it("answers as fast for a staff phone as for another, however slow the SMS gateway", async () => {
    gatewayDelayMs = 1_000;
    try {
      const times = { staff: [] as number[], other: [] as number[] };
      for (let i = 0; i < 3; i++) {
        for (const kind of ["staff", "other"] as const) {
          const phone = kind === "staff" ? await addStaff() : newPhone();
          const started = performance.now();
          expect((await browser().postForm("/admin/login", { intent: "send", phone: phone.typed })).status).toBe(303);
          times[kind].push(performance.now() - started);
          // The member still gets the code.
          if (kind === "staff") await waitForCode(phone, 1);
        }
      }
      expect(median(times.staff) - median(times.other), JSON.stringify(times)).toBeLessThan(400);
    } finally {
      gatewayDelayMs = 0;
    }
  });
});

describe("the storefront's limits and a stranger cannot lock a member out", () => {
  it("a storefront code just asked for a staff phone, and its hour's codes spent, leave the back office's sign-in working", async () => {
    const staff = await addStaff();
    expect((await browser().postForm("/login", { intent: "send", phone: staff.typed, redirectTo: "/" })).status).toBe(303);
    await waitForCode(staff, 1);
    // The rest of the storefront's five codes an hour for this phone, as if asked for two minutes apart.
    for (let i = 0; i < 4; i++)
      await stored.query("insert into rate_limit_events (bucket, key, created_at) values ('sms-phone', $1, now() - interval '10 minutes')", [staff.normal]);
    expect((await browser().postForm("/login", { intent: "resend", phone: staff.typed, redirectTo: "/" })).status).toBe(429);

    const member = browser();
    await signIn(member, staff);
    expect((await member.get("/admin")).status).toBe(200);
  });

  it("on a device a member signed in on before, a stranger's codes for the same phone change nothing", async () => {
    const staff = await addStaff();
    const member = browser();
    await signIn(member, staff);
    expect((await member.postForm("/admin/logout", {})).status).toBe(303);
    await ageCodes(staff);

    // A stranger has just asked for a code for the member's phone: the member's device is not held back by it.
    expect((await browser().postForm("/admin/login", { intent: "send", phone: staff.typed })).status).toBe(303);
    await signIn(member, staff);
    expect((await member.postForm("/admin/logout", {})).status).toBe(303);
    await ageCodes(staff);

    // The stranger has spent the hour's codes of the phone: any other browser is refused, the member's device is not.
    for (let i = 0; i < 5; i++)
      await stored.query("insert into rate_limit_events (bucket, key, created_at) values ('staff-sms-phone', $1, now() - interval '10 minutes')", [
        staff.normal,
      ]);
    expect((await browser().postForm("/admin/login", { intent: "send", phone: staff.typed })).status).toBe(429);
    await signIn(member, staff);
    expect((await member.get("/admin")).status).toBe(200);
  });
});

describe("code checks at /admin/login", () => {
  it("are limited per address: past sixty an hour, 429 'Слишком много попыток ввода кода'", async () => {
    const client = browser();
    expect((await client.postForm("/admin/login", { intent: "send", phone: newPhone().typed })).status).toBe(303);
    let last = await client.postForm("/admin/login", { intent: "verify", code: "0000" });
    for (let i = 1; i < 61; i++) last = await client.postForm("/admin/login", { intent: "verify", code: "0000" });
    expect(last.status).toBe(429);
    expect(textContent(last.text)).toMatch(/Слишком много попыток ввода кода. Попробуйте через \d+ мин\./);
  });
});

describe("upload-sized posts to the back office", () => {
  const uploadBytes = 2_000_000;

  /**
   * Posts `sent` bytes of an announced upload-sized body to `path` and waits up to `waitMs` for an
   * answer before the rest is sent; the status line, or undefined when the shop waited for more.
   */
  function stalledPost(path: string, cookie: string, sent: number, waitMs = 10_000): Promise<string | undefined> {
    const { hostname, port } = new URL(shop.url);
    return new Promise((resolve) => {
      const socket = net.connect(Number(port), hostname);
      let received = "";
      const timer = setTimeout(() => finish(undefined), waitMs);
      const finish = (status: string | undefined) => {
        clearTimeout(timer);
        socket.destroy();
        resolve(status);
      };
      socket.on("data", (chunk: Buffer) => {
        received += chunk.toString("latin1");
        const line = received.split("\r\n", 1)[0]!;
        if (received.includes("\r\n")) finish(line);
      });
      socket.on("error", () => finish(received.split("\r\n", 1)[0] || undefined));
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${new URL(shop.url).host}\r\nOrigin: ${shop.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${uploadBytes}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}\r\n`,
      );
      socket.write(`intent=save&text=${"a".repeat(sent - 17)}`);
    });
  }

  async function staffSessionCookie(role: "manager" | "content"): Promise<string> {
    const client = browser();
    await signIn(client, await addStaff(role));
    const session = (await client.jar.getCookies(`${shop.url}/admin`)).find((cookie) => cookie.key === "staff_session");
    return `staff_session=${session!.value}`;
  }

  it("without a session, or with one that may not edit there, are refused at 64 KB before the rest arrives", async () => {
    for (const path of ["/admin/catalog", "/admin/content/page/about"]) {
      expect(await stalledPost(path, "", 200_000), `${path} without a cookie`).toBe("HTTP/1.1 413 Payload Too Large");
      expect(await stalledPost(path, `staff_session=${"x".repeat(43)}`, 200_000), `${path} with a made-up session`).toBe("HTTP/1.1 413 Payload Too Large");
    }
    expect(await stalledPost("/admin/catalog", await staffSessionCookie("manager"), 200_000), "a manager's session").toBe("HTTP/1.1 413 Payload Too Large");
  });

  it("from a content editor's session are read up to ADMIN_UPLOAD_MAX_KB", async () => {
    const cookie = await staffSessionCookie("content");
    // Part of the body: the shop waits for the rest rather than refusing it.
    expect(await stalledPost("/admin/catalog", cookie, 200_000, 3_000)).toBeUndefined();
    const { hostname, port } = new URL(shop.url);
    const status = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname);
      let received = "";
      socket.on("data", (chunk: Buffer) => {
        received += chunk.toString("latin1");
        if (received.includes("\r\n")) {
          socket.destroy();
          resolve(received.split("\r\n", 1)[0]!);
        }
      });
      socket.on("error", reject);
      socket.write(
        `POST /admin/catalog HTTP/1.1\r\nHost: ${new URL(shop.url).host}\r\nOrigin: ${shop.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${uploadBytes}\r\nCookie: ${cookie}\r\n\r\n`,
      );
      socket.write(`intent=save&text=${"a".repeat(uploadBytes - 17)}`);
    });
    expect(status).not.toMatch(/ 413 | 5\d\d /);
  });
});
