import { describe, expect, it } from "vitest";
import { createSignedCookie } from "./signed-cookie.server.ts";

const [oldSecret, newSecret, otherSecret] = ["o".repeat(32), "n".repeat(40), "x".repeat(36)];
const flash = (secrets: string[]) => createSignedCookie("flash", { maxAge: 60 }, secrets);
/** The Cookie header a browser sends back for a Set-Cookie header. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

describe("signed cookies and secret rotation", () => {
  it("a cookie signed with the old secret still reads after a new one is put in front", async () => {
    const before = await flash([oldSecret]).serialize({ kind: "success", message: "Готово" });
    expect(await flash([newSecret, oldSecret]).parse(sentBack(before))).toEqual({ kind: "success", message: "Готово" });
  });

  it("new cookies are signed with the newest secret", async () => {
    const after = await flash([newSecret, oldSecret]).serialize({ kind: "success", message: "Новое" });
    expect(await flash([newSecret]).parse(sentBack(after))).toEqual({ kind: "success", message: "Новое" });
    expect(await flash([oldSecret]).parse(sentBack(after))).toBeNull();
  });

  it("a cookie signed with a removed secret (or any other) does not read", async () => {
    const before = await flash([oldSecret]).serialize({ kind: "success", message: "Готово" });
    expect(await flash([newSecret]).parse(sentBack(before))).toBeNull();
    expect(await flash([newSecret, otherSecret]).parse(sentBack(before))).toBeNull();
  });

  it("is HttpOnly, Secure and SameSite=Lax on its path", async () => {
    const cookie = createSignedCookie("staff_login", { maxAge: 900, path: "/admin" }, [newSecret]);
    expect(await cookie.serialize({ step: "code" })).toMatch(/^staff_login=[^;]+; Max-Age=900; Path=\/admin; HttpOnly; Secure; SameSite=Lax$/);
  });
});
