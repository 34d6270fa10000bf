// Small network and promise helpers shared by the adapter tests (SMS gateways, YooKassa)
// and the lifecycle and resilience suites (a stopped shop refuses connections, a state
// that arrives in its own time).
import net from "node:net";
import { expect } from "vitest";

/** A port on 127.0.0.1 where nothing listens: a gateway that is down. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** True when nothing listens at the URL's host and port any more. */
export function connectionRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** The error a promise must reject with, checked to be of the given class. */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, errorClass: abstract new (...args: never[]) => E): Promise<E> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(errorClass);
  return caught as E;
}

/** Reads until `ok` holds, every 200 ms, failing after `timeoutMs` with `what` and the last value read. */
export async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Reads a running shop until a change committed by another process (an operator command) shows. The change reaches
 * the shop by PostgreSQL's NOTIFY, on a connection of its own, so a request sent the moment the command exits can come
 * first on a busy machine; without the NOTIFY the shop would show it only when its cached reads expire (30 s).
 */
export function afterNotify<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  return waitFor(read, ok, 5_000, what);
}
