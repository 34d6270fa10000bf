import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { auditLog } from "../db/schema.ts";
import { cliActor, type StaffActor } from "../audit/audit.server.ts";
import { mayOpen } from "./access.ts";
import { roleAllows } from "./roles.ts";
import { createStaffSession, endStaffSession, STAFF_SESSION_TTL_MS, staffBySessionToken, staffSessionCookieHeader } from "./sessions.server.ts";
import { addStaff, listStaff, removeStaff, staffMessages } from "./staff.server.ts";

const database = withTempDatabase("staff-test");
const db = () => database.handle.db;
const audit = () => db().select().from(auditLog).orderBy(asc(auditLog.id));

describe("staff accounts", () => {
  it("adds a member with a normalised phone and writes who did it, before and after", async () => {
    const change = await addStaff(db(), { phone: "8 (999) 100-00-01", role: "owner", name: "Анна" }, cliActor);
    expect(change).toMatchObject({ ok: true, created: true, member: { phone: "+79991000001", role: "owner", name: "Анна" } });
    const rows = await audit();
    expect(rows.at(-1)).toMatchObject({
      phone: "cli",
      role: "operator",
      action: "staff.add",
      entity: "staff:+79991000001",
      before: null,
      after: { phone: "+79991000001", role: "owner", name: "Анна" },
    });
  });

  it("refuses a bad phone or an unknown role with a Russian reason and writes nothing", async () => {
    const before = (await audit()).length;
    expect(await addStaff(db(), { phone: "12345", role: "owner" }, cliActor)).toEqual({ ok: false, reason: staffMessages.badPhone("12345") });
    expect(await addStaff(db(), { phone: "+79991000002", role: "admin" }, cliActor)).toEqual({ ok: false, reason: staffMessages.badRole("admin") });
    expect((await audit()).length).toBe(before);
    expect((await listStaff(db())).map((member) => member.phone)).not.toContain("+79991000002");
  });

  it("a second add changes the role, audited with both values", async () => {
    await addStaff(db(), { phone: "+79991000003", role: "content" }, cliActor);
    const change = await addStaff(db(), { phone: "+79991000003", role: "manager" }, cliActor);
    expect(change).toMatchObject({ ok: true, created: false, member: { role: "manager" } });
    expect((await audit()).at(-1)).toMatchObject({ action: "staff.update", before: { role: "content" }, after: { role: "manager" } });
  });

  it("neither the back office nor the terminal may remove or demote the last owner", async () => {
    const [owner] = (await listStaff(db())).filter((member) => member.role === "owner");
    const actor: StaffActor = { staffId: owner!.id, phone: owner!.phone, role: "owner", ip: "127.0.0.1" };
    const before = (await audit()).length;
    for (const who of [actor, cliActor]) {
      expect(await removeStaff(db(), owner!.phone, who)).toEqual({ ok: false, reason: staffMessages.lastOwner });
      expect(await addStaff(db(), { phone: owner!.phone, role: "manager" }, who)).toEqual({ ok: false, reason: staffMessages.lastOwner });
    }
    expect((await audit()).length).toBe(before);
    expect((await listStaff(db())).filter((member) => member.role === "owner")).toHaveLength(1);
    expect(await removeStaff(db(), "+79991000003", actor)).toMatchObject({ ok: true });
    expect((await audit()).at(-1)).toMatchObject({
      staffId: owner!.id,
      phone: owner!.phone,
      role: "owner",
      action: "staff.remove",
      ip: "127.0.0.1",
      after: null,
    });
  });

  it("removing someone ends their back-office sessions", async () => {
    const added = await addStaff(db(), { phone: "+79991000004", role: "manager" }, cliActor);
    if (!added.ok) throw new Error(added.reason);
    const token = await createStaffSession(db(), added.member.id, { ip: "127.0.0.1" });
    expect((await staffBySessionToken(db(), token))?.phone).toBe("+79991000004");
    await removeStaff(db(), "+79991000004", cliActor);
    expect(await staffBySessionToken(db(), token)).toBeUndefined();
  });
});

describe("staff sessions", () => {
  it("live for twelve hours, end on logout, and the cookie is for /admin only", async () => {
    const added = await addStaff(db(), { phone: "+79991000005", role: "content" }, cliActor);
    if (!added.ok) throw new Error(added.reason);
    const start = new Date("2026-11-23T08:00:00Z");
    const token = await createStaffSession(db(), added.member.id, {}, start);
    expect(await staffBySessionToken(db(), token, new Date(start.getTime() + STAFF_SESSION_TTL_MS - 1000))).toBeDefined();
    expect(await staffBySessionToken(db(), token, new Date(start.getTime() + STAFF_SESSION_TTL_MS + 1000))).toBeUndefined();
    const header = staffSessionCookieHeader(token);
    expect(header).toContain("Path=/admin;");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain(`Max-Age=${12 * 3600}`);
    await endStaffSession(db(), token);
    expect(await staffBySessionToken(db(), token, start)).toBeUndefined();
  });
});

describe("roles", () => {
  it("the owner may open everything; others only what the route names", () => {
    expect(roleAllows(["manager"], "owner")).toBe(true);
    expect(roleAllows(["manager"], "manager")).toBe(true);
    expect(roleAllows(["manager"], "content")).toBe(false);
    expect(roleAllows([], "compliance")).toBe(false);
  });
});

describe("the role table", () => {
  it("reads React Router's patterns, with or without the leading slash", () => {
    expect(mayOpen("admin", "content")).toBe(true);
    expect(mayOpen("/admin/", "content")).toBe(true);
    expect(mayOpen("admin/orders/:number", "manager")).toBe(true);
    expect(mayOpen("admin/orders/:number", "content")).toBe(false);
    expect(mayOpen("admin/staff", "manager")).toBe(false);
    expect(mayOpen("admin/staff", "owner")).toBe(true);
    // A page nobody listed is the owner's only.
    expect(mayOpen("admin/unlisted", "manager")).toBe(false);
    expect(mayOpen("admin/unlisted", "owner")).toBe(true);
  });
});
