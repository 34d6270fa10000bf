// WEB_CONCURRENCY > 1: the first process forks that many server processes sharing the port
// (node:cluster hands each new connection to the next one), replaces one that dies, and stops
// them all gracefully on SIGTERM/SIGINT.
import cluster, { type Worker } from "node:cluster";
import { log } from "#app/modules/shared/log.server.ts";

/** What a server process tells the supervisor once it accepts connections. */
export type ListeningMessage = { type: "shop:listening"; url: string };

export function isListeningMessage(message: unknown): message is ListeningMessage {
  return typeof message === "object" && message !== null && (message as ListeningMessage).type === "shop:listening";
}

/** A worker that dies this many times within the window means a fault a restart cannot mend. */
export const restartLimit = { deaths: 5, windowMs: 60_000 };

export type SupervisorOptions = {
  workers: number;
  /** How long the workers may finish their requests after SIGTERM before they are killed. */
  shutdownTimeoutMs: number;
  /** Once, when the first worker listens (later ones share its port). */
  onListening(url: string): void;
  exit(code: number): void;
};

/**
 * Starts the workers one after another: the first migrates, seeds and draws the pictures
 * alone, the others start once it listens, so no two of them race on a fresh database.
 */
export function superviseWorkers({ workers, shutdownTimeoutMs, onListening, exit }: SupervisorOptions): void {
  const listening = new Set<number>();
  const deaths: number[] = [];
  let started = false;
  let stopping = false;
  let exitCode = 0;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on("message", (message: unknown) => {
      if (!isListeningMessage(message) || listening.has(worker.id)) return;
      listening.add(worker.id);
      if (started || stopping) return;
      started = true;
      onListening(message.url);
      for (let i = 1; i < workers; i++) fork();
    });
    return worker;
  };

  const alive = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);

  const stop = (code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    for (const worker of alive()) worker.process.kill("SIGTERM");
    // A worker that hangs past its own shutdown timeout is killed, so the supervisor always ends.
    setTimeout(() => {
      for (const worker of alive()) worker.process.kill("SIGKILL");
    }, shutdownTimeoutMs + 5_000).unref();
    if (alive().length === 0) exit(exitCode);
  };

  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    if (stopping) {
      if (code !== 0 && signal !== "SIGTERM") exitCode = Math.max(exitCode, 1);
      if (alive().length === 0) exit(exitCode);
      return;
    }
    const how = signal ? `сигнал ${signal}` : `код ${code}`;
    if (!wasListening) {
      // It never served: a wrong setting or an unreachable database; another try would fail the same way.
      log.error(`Процесс сервера ${worker.process.pid} не запустился (${how}); останавливаюсь`);
      stop(code || 1);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0]! < now - restartLimit.windowMs) deaths.shift();
    if (deaths.length >= restartLimit.deaths) {
      log.error(`Процессы сервера падают слишком часто (${deaths.length} за минуту); останавливаюсь`);
      stop(1);
      return;
    }
    log.warn(`Процесс сервера ${worker.process.pid} завершился (${how}); запускаю новый`);
    fork();
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (!stopping) log.info(`${signal}: завершаю запросы и останавливаюсь`);
      stop(0);
    });
  }
  fork();
}
