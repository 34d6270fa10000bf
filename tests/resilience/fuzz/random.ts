// A small seeded PRNG (mulberry32) for the hostile-input suite: the same seed gives the
// same cases, so a failure can be replayed with FUZZ_SEED (and one case with FUZZ_CASE).
import { mulberry32 } from "#app/modules/shared/seeded-random.ts";

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[random.int(0, items.length - 1)]!;
    },
    chance: (probability) => next() < probability,
  };
  return random;
}

/** The generator of one case: its own stream, so case i is the same whether or not the others ran. */
export function caseRandom(seed: number, index: number): Random {
  // Mix the two numbers (a splitmix-like step) so neighbouring cases do not start alike.
  let mixed = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b) >>> 0;
  mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35) >>> 0;
  return createRandom((mixed ^ (mixed >>> 16)) >>> 0);
}
