import { beforeEach, describe, expect, it } from "vitest";
import { checkForNewBuild, isNewBuildAvailable, resetBuildState } from "./build-update.ts";

const answering = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("checkForNewBuild", () => {
  beforeEach(resetBuildState);

  it("stays on the same build while the server runs ours", async () => {
    expect(await checkForNewBuild("b1", answering({ buildId: "b1" }))).toBe(false);
    expect(isNewBuildAvailable()).toBe(false);
  });

  it("marks a new build once the server runs another one", async () => {
    expect(await checkForNewBuild("b1", answering({ buildId: "b2" }))).toBe(true);
    expect(isNewBuildAvailable()).toBe(true);
  });

  it("ignores errors and odd answers (server restarting, offline)", async () => {
    expect(await checkForNewBuild("b1", answering({ buildId: "b2" }, 503))).toBe(false);
    expect(await checkForNewBuild("b1", answering({ nope: 1 }))).toBe(false);
    const offline = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    expect(await checkForNewBuild("b1", offline)).toBe(false);
  });
});
