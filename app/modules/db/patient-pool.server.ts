import pg from "pg";
import { isFirstInLine } from "./turns.server.ts";

/**
 * Said when a request would wait for a connection while the database is not answering: the
 * page answers 503 at once instead of after the wait (isDatabaseUnavailable knows it).
 */
export class DatabaseNotAnswering extends Error {
  constructor(cause: unknown) {
    super("database not answering: no connection free while the last ones failed", { cause });
    this.name = "DatabaseNotAnswering";
  }
}

export type PatientPoolOptions = pg.PoolConfig & {
  /** How long a request waits for a connection while every one is in use and the database answers. */
  waitMs: number;
  /** How long making a new connection may take before it counts as failed. */
  connectTimeoutMs: number;
  /** Whether an error means the database cannot be reached (not a bad query). */
  isUnavailable: (error: unknown) => boolean;
};

/** A request waiting for a connection to come free (or for room for a new one). */
type Waiter = { resolve: () => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** pg-pool's own words for a wait for a connection that ran out (isDatabaseUnavailable knows them). */
const WAIT_RAN_OUT = "timeout exceeded when trying to connect";

/**
 * A pg Pool that waits for a connection as long as the database answers, and not when it does not.
 *
 * pg-pool has one setting for both waits: for a connection in use to come free, and for a new one
 * to be made. On a launch a thousand signed-in pages at once outwaited its 5 s for a free connection
 * while the database was answering them all (decision 068); a longer setting would also have made
 * every request of an outage wait that long. Here the free-connection wait is `waitMs`, a new
 * connection still gives up after `connectTimeoutMs` (the client's own limit), and once a query or
 * a connection fails as unreachable, every request waiting is answered at once and those that
 * would wait are refused, until a query succeeds again.
 */
export class PatientPool extends pg.Pool {
  /** Those waiting for a connection, in arrival order: work first in line (isFirstInLine) ahead of the rest. */
  private readonly line: { first: Waiter[]; rest: Waiter[] } = { first: [], rest: [] };
  /** Those called from the line who have not yet asked pg-pool for their connection. */
  private called = 0;
  private failure: unknown;
  private readonly isUnavailable: (error: unknown) => boolean;
  private readonly maxClients: number;
  private readonly waitMs: number;

  constructor({ waitMs, connectTimeoutMs, isUnavailable, ...config }: PatientPoolOptions) {
    // pg-pool hands its options to each client it makes: the client's own connect limit ends a
    // new connection first, the pool's (the same option) is then the wait for a free one.
    class ClientWithConnectLimit extends pg.Client {
      constructor(clientConfig?: pg.ClientConfig) {
        super({ ...clientConfig, connectionTimeoutMillis: connectTimeoutMs });
      }
    }
    super({ ...config, connectionTimeoutMillis: waitMs, Client: ClientWithConnectLimit });
    this.isUnavailable = isUnavailable;
    this.maxClients = config.max ?? 10;
    this.waitMs = waitMs;
    // A connection given back (idle now, or dropped and so room for a new one): the next in line takes it.
    // pg-pool says so before it files the connection as idle, hence the tick.
    this.on("release", () => process.nextTick(() => this.callNext()));
    this.on("remove", () => this.callNext());
  }

  /** Whether the last query or connection failed as unreachable, with no success since. */
  get failing(): boolean {
    return this.failure !== undefined;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    const connected = this.connectWhileAnswering();
    if (!callback) return connected;
    connected.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  private async connectWhileAnswering(): Promise<pg.PoolClient> {
    const lineLength = this.line.first.length + this.line.rest.length;
    const wouldWait = lineLength > 0 || !this.hasRoom();
    if (this.failure !== undefined && wouldWait) throw new DatabaseNotAnswering(this.failure);
    if (wouldWait) {
      await this.waitInLine(isFirstInLine());
      // From here pg-pool counts this request (in its queue for the idle connection, or as a new one).
      this.called -= 1;
    }
    try {
      return this.watched(await super.connect());
    } catch (error) {
      this.noteOutcome(error);
      // A new connection that failed leaves its room behind without pg-pool saying so.
      process.nextTick(() => this.callNext());
      throw error;
    }
  }

  /**
   * Whether a connection is free for one more request. pg-pool hands an idle connection over a tick
   * after it is asked, so those already asking (its waitingCount) and those just called from the
   * line have a claim on the free ones: without counting them, one free connection called two
   * waiters, and the second waited in pg-pool's own queue, where a failure of the database did not reach it.
   */
  private hasRoom(): boolean {
    const free = this.idleCount + (this.maxClients - this.totalCount);
    return free > this.waitingCount + this.called;
  }

  /** Resolves once a connection is free for this request; rejects when the wait runs out or the database fails. */
  private waitInLine(first: boolean): Promise<void> {
    const queue = first ? this.line.first : this.line.rest;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(new Error(WAIT_RAN_OUT));
        }, this.waitMs),
      };
      queue.push(waiter);
      // Room may have come between the check and now (a connection given back in the same tick).
      process.nextTick(() => this.callNext());
    });
  }

  /** Lets the next in line take a free connection, one per call: it takes it at once, before any newcomer. */
  private callNext() {
    if (!this.hasRoom()) return;
    const waiter = this.line.first.shift() ?? this.line.rest.shift();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.called += 1;
    waiter.resolve();
  }

  /** The client, its release noting whether its queries reached the database. */
  private watched(client: pg.PoolClient): pg.PoolClient {
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      this.noteOutcome(error instanceof Error ? error : undefined);
      return release(error);
    };
    return client;
  }

  private noteOutcome(error: unknown) {
    if (error === undefined) {
      this.failure = undefined;
      return;
    }
    if (!this.isUnavailable(error)) return;
    this.failure = error;
    for (const waiter of [...this.line.first.splice(0), ...this.line.rest.splice(0)]) {
      clearTimeout(waiter.timer);
      waiter.reject(new DatabaseNotAnswering(error));
    }
  }
}
