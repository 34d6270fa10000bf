import { afterEach, describe, expect, it } from "vitest";
import { handledWhenUnused } from "./streamed.ts";

describe("a streamed promise", () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off("unhandledRejection", record);
    unhandled.length = 0;
  });

  it("that nobody awaits ends in no unhandled rejection when it fails (the process would end)", async () => {
    process.on("unhandledRejection", record);
    void handledWhenUnused(Promise.reject(new Error("timeout exceeded when trying to connect")));
    // A bare rejected promise, for contrast: the check sees it.
    const bare = Promise.reject(new Error("not handled"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled.map((reason) => (reason as Error).message)).toEqual(["not handled"]);
    await bare.catch(() => undefined);
  });

  it("still fails for the page that awaits it", async () => {
    await expect(handledWhenUnused(Promise.reject(new Error("gone")))).rejects.toThrow("gone");
  });
});
