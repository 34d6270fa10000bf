/**
 * A small structured logger: one line per event on stderr/stdout, so the server's
 * log is readable by people and greppable by tools. The validated LOG_LEVEL filters it:
 * getConfig() sets it; until then everything from info up is written. The server (server/)
 * is bundled with the app, so this is the one logger of the process.
 */
type Level = "debug" | "info" | "warn" | "error";
export type LogLevel = Level | "silent";
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

let threshold = order.info;

/** Sets the level below which nothing is written (LOG_LEVEL, once validated). */
export function setLogLevel(level: LogLevel): void {
  threshold = order[level];
}

/** Whether a line of this level would be written (to skip preparing one that would not). */
export function logs(level: Level): boolean {
  return order[level] >= threshold;
}

function write(level: Level, message: string, details?: Record<string, unknown>) {
  if (order[level] < threshold) return;
  const time = new Date().toISOString();
  let line = `${time} ${level.toUpperCase().padEnd(5)} ${message}`;
  if (details) {
    for (const [key, value] of Object.entries(details)) {
      const text = value instanceof Error ? (value.stack ?? value.message) : typeof value === "string" ? value : JSON.stringify(value);
      line += ` ${key}=${text}`;
    }
  }
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (message: string, details?: Record<string, unknown>) => write("debug", message, details),
  info: (message: string, details?: Record<string, unknown>) => write("info", message, details),
  warn: (message: string, details?: Record<string, unknown>) => write("warn", message, details),
  error: (message: string, details?: Record<string, unknown>) => write("error", message, details),
};
