import { describe, expect, it } from "vitest";
import { apiError, apiJson } from "./api.ts";

describe("/api responses", () => {
  it("are not cached unless asked, and keep every header given, cookies included", () => {
    const headers = new Headers();
    headers.append("Set-Cookie", "a=1");
    headers.append("Set-Cookie", "b=2");
    const response = apiJson({ ok: true }, { headers });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(apiJson({}, { headers: { "Cache-Control": "public, max-age=30" } }).headers.get("Cache-Control")).toBe("public, max-age=30");
  });

  it("wrap errors in the contract's shape", async () => {
    const response = apiError(409, "not_enough_stock", "Доступно только 3 шт.", { "Retry-After": "5" });
    expect(response.status).toBe(409);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({ error: { code: "not_enough_stock", message: "Доступно только 3 шт." } });
  });
});
