import { describe, expect, it } from "vitest";
import { BodyError, readBodyWithin, readJsonBody } from "./json-body.server.ts";

const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request("http://shop.test/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(new Uint8Array(1_000));
      sent += 1_000;
    },
  });
}

describe("readBodyWithin", () => {
  it("reads a body within the limit", async () => {
    expect(new TextDecoder().decode((await readBodyWithin(post("abc"), 3))!)).toBe("abc");
  });

  it("answers null past the limit, by Content-Length or by what arrives", async () => {
    expect(await readBodyWithin(post("abc", { "Content-Length": "100000" }), 10)).toBeNull();
    expect(await readBodyWithin(post(streamOf(5_000)), 4_096)).toBeNull();
  });
});

describe("readJsonBody", () => {
  it("parses JSON and treats an empty body as {}", async () => {
    expect(await readJsonBody(post('{"quantity": 2}'))).toEqual({ quantity: 2 });
    expect(await readJsonBody(post(" "))).toEqual({});
  });

  it("refuses broken JSON and a body over the limit", async () => {
    await expect(readJsonBody(post("{"))).rejects.toThrow("Тело запроса должно быть в формате JSON");
    await expect(readJsonBody(post(streamOf(20_000)))).rejects.toMatchObject({ status: 413 });
  });

  // A NUL reaching PostgreSQL in text is a server error; the sender's mistake is a 400.
  it.each(['{"name":"Ив\\u0000ан"}', '{"a":[{"b":"\\u0000"}]}', '{"\\u0000":1}'])("refuses a NUL character anywhere (%s)", async (body) => {
    const error = await readJsonBody(post(body)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BodyError);
    expect(error).toMatchObject({ status: 400, message: "Тело запроса содержит недопустимые символы" });
  });

  // Found by the hostile-input suite: 5,000 nested arrays (10 KB) overflowed the stack of the NUL check: a 503.
  it("reads JSON nested thousands deep without overflowing the stack", async () => {
    const deep = (inner: string) => `${"[".repeat(20_000)}${inner}${"]".repeat(20_000)}`;
    expect(await readJsonBody(post(deep("1")), 65_536)).toBeInstanceOf(Array);
    await expect(readJsonBody(post(deep('"\\u0000"')), 65_536)).rejects.toMatchObject({ status: 400 });
  });
});
