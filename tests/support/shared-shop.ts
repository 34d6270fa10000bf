// One booted shop for the describe blocks of a test file that only read from it with the
// same settings, instead of one boot per block. New suites use this (docs/decisions/012-test-shops-from-a-template.md);
// a block that changes what other blocks read (rate limits, stock, settings) starts a shop
// of its own with startShop.
import { afterAll, beforeAll } from "vitest";
import { type Shop, type StartShopOptions, startShop } from "./server.ts";

type Entry = { shop?: Promise<Shop>; blocks: number };
// Per test file: vitest gives each file its own module instances.
const shared = new Map<string, Entry>();

/**
 * Registers hooks in the calling describe block (or file) and returns the shop they share:
 * started before the first block that asks for it, stopped after the last one of the file.
 * Read `.current` inside tests and hooks.
 */
export function sharedShop(options: StartShopOptions = {}): { readonly current: Shop } {
  const key = JSON.stringify(options);
  let entry = shared.get(key);
  if (!entry) shared.set(key, (entry = { blocks: 0 }));
  const mine = entry;
  // Counted while the file is collected, so a block that ends does not stop the shop the next one needs.
  mine.blocks++;
  let shop: Shop | undefined;
  beforeAll(async () => {
    mine.shop ??= startShop(options);
    shop = await mine.shop;
  });
  afterAll(async () => {
    if (--mine.blocks > 0 || !mine.shop) return;
    const started = mine.shop;
    mine.shop = undefined;
    await (await started.catch(() => undefined))?.stop();
  });
  return {
    get current() {
      if (!shop) throw new Error("the shared shop is there only inside tests and hooks");
      return shop;
    },
  };
}
