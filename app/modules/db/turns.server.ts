import { AsyncLocalStorage } from "node:async_hooks";

const firstInLine = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its queries ahead of every other request's in the line for the database: for
 * the render of a page the shared page cache keeps, which a few queries make and hundreds of
 * visitors then read, while a launch's signed-in pages fill the line (decision 069).
 */
export function firstInLineForConnections<T>(work: () => Promise<T>): Promise<T> {
  return firstInLine.run(true, work);
}

/** Whether the caller runs inside firstInLineForConnections. */
export function isFirstInLine(): boolean {
  return firstInLine.getStore() === true;
}

/**
 * The embedded database's calls (a query, or a whole transaction), one at a time, in turns that
 * let the process do its other work between two of them.
 *
 * PGlite runs each call on the process's own thread and hands its lock to the next caller in a
 * promise's callback, so a line of a thousand calls ran back to back without the process once
 * reading a socket: at a launch a visitor's page kept in memory waited half a minute behind the
 * buyers' checkouts. Here the next call starts from setImmediate, after the process has read what
 * came in, and work first in line (above) goes ahead of the rest.
 */
export class TakingTurns {
  private busy = false;
  private readonly line: { first: (() => void)[]; rest: (() => void)[] } = { first: [], rest: [] };

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => (isFirstInLine() ? this.line.first : this.line.rest).push(resolve));
    else this.busy = true;
    try {
      return await work();
    } finally {
      this.passOn();
    }
  }

  /** Gives the turn to the next in line (still busy), or leaves it free. */
  private passOn() {
    const next = this.line.first.shift() ?? this.line.rest.shift();
    if (next) setImmediate(next);
    else this.busy = false;
  }
}
