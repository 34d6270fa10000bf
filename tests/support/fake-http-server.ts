// A local stand-in for a third-party HTTP service (node:http on 127.0.0.1, a free port):
// answers through a replaceable handler, records every request, and can misbehave the
// ways real services do: answer late, reset the connection, cut the body short.
import { type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeRequest = {
  method: string;
  path: string;
  /** The raw query string without "?", exactly as sent. */
  rawQuery: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request body decoded as UTF-8 ("" for none); the handler runs once it has all arrived. */
  body: string;
};

export type FakeReply =
  | {
      status?: number;
      contentType?: string;
      body: string | Uint8Array;
      /** Answer only after this long (a slow service). */
      delayMs?: number;
    }
  /** Destroy the connection without answering. */
  | { fault: "reset" }
  /** Send the headers (with the full Content-Length) and half the body, then drop the connection. */
  | { fault: "truncated"; contentType?: string; body: string | Uint8Array }
  /** Send the headers and half the body, then nothing more (until the server closes). */
  | { fault: "stall-body"; contentType?: string; body: string | Uint8Array };

export type FakeHandler = (request: FakeRequest) => FakeReply;

export type FakeServer = {
  baseUrl: string;
  requests: FakeRequest[];
  handler: FakeHandler;
  close(): Promise<void>;
};

export async function startFakeHttpServer(handler: FakeHandler): Promise<FakeServer> {
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakeServer = { baseUrl: "", requests: [], handler, close };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    // A client that gives up before its body is complete is simply not recorded.
    req.on("error", () => {});
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake.invalid");
      answer(req, res, {
        method: req.method ?? "GET",
        path: url.pathname,
        rawQuery: url.search.replace(/^\?/, ""),
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
    });
  });

  function answer(req: IncomingMessage, res: ServerResponse, request: FakeRequest) {
    fake.requests.push(request);
    let reply: FakeReply;
    try {
      reply = fake.handler(request);
    } catch (error) {
      reply = { status: 599, contentType: "text/plain", body: `fake handler failed: ${String(error)}` };
    }
    if ("fault" in reply) {
      if (reply.fault === "reset") {
        req.socket.destroy();
        return;
      }
      const body = Buffer.from(reply.body);
      res.writeHead(200, { "Content-Type": reply.contentType ?? "application/octet-stream", "Content-Length": body.length });
      res.write(body.subarray(0, Math.floor(body.length / 2)));
      if (reply.fault === "truncated") {
        const timer = setTimeout(() => {
          timers.delete(timer);
          req.socket.destroy();
        }, 20);
        timers.add(timer);
      }
      return;
    }
    const { status = 200, contentType = "text/plain", body, delayMs = 0 } = reply;
    const send = () => {
      const bytes = Buffer.from(body);
      res.writeHead(status, { "Content-Type": contentType, "Content-Length": bytes.length });
      res.end(bytes);
    };
    if (delayMs <= 0) send();
    else {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send();
      }, delayMs);
      timers.add(timer);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function close() {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return fake;
}
