/**
 * mulberry32: a small deterministic PRNG, for demo data that must come out the same on every
 * generation (quotes, delivery points) and for test cases that must replay from a seed.
 * Not for anything secret: use node:crypto there.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
