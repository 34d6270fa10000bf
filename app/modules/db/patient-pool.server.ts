import pg from "pg";

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

type Waiter = { reject: (error: Error) => void };

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
  private readonly waiters = new Set<Waiter>();
  private failure: unknown;
  private readonly isUnavailable: (error: unknown) => boolean;
  private readonly maxClients: number;

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
    const wouldWait = this.idleCount === 0 && this.totalCount >= this.maxClients;
    if (this.failure !== undefined && wouldWait) throw new DatabaseNotAnswering(this.failure);
    let waiter: Waiter | undefined;
    const givenUp = new Promise<never>((_, reject) => {
      waiter = { reject };
      this.waiters.add(waiter);
    });
    const connecting = super.connect();
    try {
      const client = await Promise.race([connecting, givenUp]);
      return this.watched(client);
    } catch (error) {
      // Answered before the pool had a connection for it: the one it gets later goes back unused.
      if (error instanceof DatabaseNotAnswering)
        connecting.then(
          (client) => client.release(),
          () => undefined,
        );
      else this.noteOutcome(error);
      throw error;
    } finally {
      this.waiters.delete(waiter!);
    }
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
    for (const waiter of this.waiters) waiter.reject(new DatabaseNotAnswering(error));
    this.waiters.clear();
  }
}
