// A TCP proxy in front of PostgreSQL that a suite can switch off and on, so the database
// "goes down" under a running shop (connections refused and cut) and comes back later.
import net from "node:net";

export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private readonly targetHost: string;
  private readonly targetPort: number;
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
      client.pipe(upstream);
      upstream.pipe(client);
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

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
  }
}
