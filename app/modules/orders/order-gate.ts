// How many orders one process places at once. On a launch a crowd presses «Оформить заказ» in the
// same second; each placement reads a score of rows and then waits for the one coin's row lock, all
// on pooled connections, and a thousand of them leave the pages, sessions and carts of everyone
// else without one (the pool's wait ends in a 503). Orders beyond the gate wait here, in arrival
// order, without a connection, and one that waited too long is told so in words.
import type { AppConfig } from "../config/config.server.ts";

export type OrderGateSettings = AppConfig["orders"]["gate"];

export type OrderGate = {
  /** A turn, to leave when the order is placed or refused; undefined when none came in time. */
  enter(): Promise<Turn | undefined>;
  /** Orders being placed and orders waiting, for tests. */
  readonly load: { inside: number; waiting: number };
};

export type Turn = {
  leave(): void;
  /** Whether the order waited for it (what it read before may be old by now). */
  waited: boolean;
};

type Waiter = { admit: (turn: Turn) => void; timer: ReturnType<typeof setTimeout> };

export function createOrderGate({ atOnce, maxWaitMs, maxWaiting }: OrderGateSettings): OrderGate {
  let inside = 0;
  // Arrival order; a waiter that timed out is removed from it.
  const waiting = new Set<Waiter>();

  function turn(waited: boolean): Turn {
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      const next = waiting.values().next();
      if (next.done) {
        inside--;
        return;
      }
      // The place passes straight to the first waiter: nobody arriving meanwhile overtakes it.
      waiting.delete(next.value);
      clearTimeout(next.value.timer);
      next.value.admit(turn(true));
    };
    return { leave, waited };
  }

  return {
    enter() {
      if (inside < atOnce && waiting.size === 0) {
        inside++;
        return Promise.resolve(turn(false));
      }
      if (waiting.size >= maxWaiting) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const waiter: Waiter = {
          admit: resolve,
          timer: setTimeout(() => {
            waiting.delete(waiter);
            resolve(undefined);
          }, maxWaitMs),
        };
        waiting.add(waiter);
      });
    },
    get load() {
      return { inside, waiting: waiting.size };
    },
  };
}
