// A TCP proxy in front of PostgreSQL that a suite can switch off and on, so the database
// "goes down" under a running shop (connections refused and cut) and comes back later.
// It can also hang the database (packets held, connections open, nothing answers), the way
// a sick network looks from the shop, or hold just the queries with a given text. And it can
// cut one connection at a chosen moment: at a query, or just after a transaction committed.
import net from "node:net";

export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private readonly targetHost: string;
  private readonly targetPort: number;
  /** One per open connection and direction: sends what is due; thaw() runs them all. */
  private readonly pumps = new Set<() => void>();
  private frozen = false;
  /** While set, a query whose text contains it is held (with what follows on its connection). */
  private heldQueryText: string | undefined;
  /** Once: the connection that sends a query with this text is cut instead of sending it. */
  private cutQueryText: string | undefined;
  /** Once: the connection that sends a query with this text is cut when its COMMIT is answered. */
  private commitCutText: string | undefined;
  /** With commitCutText: the database goes away altogether at that moment. */
  private stopAtCommitCut = false;
  /** The port the proxy listens on (chosen on the first start, kept afterwards). */
  port = 0;

  constructor(target: { host: string; port: number }) {
    this.targetHost = target.host;
    this.targetPort = target.port;
  }

  get isUp(): boolean {
    return this.server !== undefined;
  }

  /** Listens on 127.0.0.1 (on the same port as before when restarted). */
  async start(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.track(client);
      this.track(upstream);
      const cut = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on("error", cut).on("close", cut);
      upstream.on("error", cut).on("close", cut);
      const connection = { cut, cutAtCommit: false };
      this.relay(client, upstream, { toDatabase: true, connection });
      this.relay(upstream, client, { toDatabase: false, connection });
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** The database is gone: new connections are refused and open ones are cut. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** The database hangs: connections stay open (new ones too), but nothing gets through. */
  freeze(): void {
    this.frozen = true;
  }

  /**
   * One slow query: every query sent from now on whose SQL contains `text` is held until
   * thaw(), while other connections flow. A suite uses it to keep one part of a page
   * waiting without depending on timing.
   */
  holdQueries(text: string): void {
    this.heldQueryText = text;
  }

  /**
   * Once: the next query whose SQL contains `text` never reaches the database; its connection
   * is cut, as when the database is killed just before it. Nothing of that query is done.
   */
  cutAtQuery(text: string): void {
    this.cutQueryText = text;
  }

  /**
   * Once: the connection that next sends a query containing `text` is cut at the moment the
   * database answers that transaction's COMMIT. The transaction is committed, but the shop
   * never hears so: the acknowledgement is lost with the connection. With `andStop`, the whole
   * database goes away at that moment (stop()), so the shop cannot ask what became of it.
   */
  cutAfterCommitOf(text: string, { andStop = false }: { andStop?: boolean } = {}): void {
    this.commitCutText = text;
    this.stopAtCommitCut = andStop;
  }

  /** Everything held (frozen or by holdQueries) goes through, in order, and traffic flows again. */
  thaw(): void {
    this.frozen = false;
    this.heldQueryText = undefined;
    for (const pump of this.pumps) pump();
  }

  /**
   * Copies one direction through a queue that stops during a freeze and at a held query;
   * packets keep their order.
   */
  private relay(from: net.Socket, to: net.Socket, { toDatabase, connection }: { toDatabase: boolean; connection: { cut: () => void; cutAtCommit: boolean } }) {
    const queue: Array<{ chunk: Buffer; held: boolean }> = [];
    const pump = () => {
      while (queue.length > 0 && !this.frozen) {
        if (queue[0]!.held && this.heldQueryText !== undefined) return;
        const { chunk } = queue.shift()!;
        if (!to.destroyed) to.write(chunk);
      }
    };
    this.pumps.add(pump);
    from.once("close", () => this.pumps.delete(pump));
    from.on("data", (chunk: Buffer) => {
      if (toDatabase && this.cutQueryText !== undefined && chunk.includes(this.cutQueryText)) {
        this.cutQueryText = undefined;
        return connection.cut();
      }
      if (toDatabase && this.commitCutText !== undefined && chunk.includes(this.commitCutText)) {
        this.commitCutText = undefined;
        connection.cutAtCommit = true;
      }
      // CommandComplete's tag: the commit is done on the server; its answer is dropped with the connection.
      if (!toDatabase && connection.cutAtCommit && chunk.includes("COMMIT\0")) {
        connection.cut();
        if (this.stopAtCommitCut) void this.stop();
        return;
      }
      // The SQL travels in one Parse/Query message, small enough to arrive as one chunk.
      const held = toDatabase && this.heldQueryText !== undefined && chunk.includes(this.heldQueryText);
      queue.push({ chunk, held });
      pump();
    });
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
  }
}
