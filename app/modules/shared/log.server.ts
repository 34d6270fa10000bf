/**
 * A small structured logger: one line per event on stderr/stdout, so the server's
 * log is readable by people and greppable by tools. LOG_LEVEL filters it.
 */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

function threshold(): number {
  const wanted = process.env.LOG_LEVEL as Level | "silent" | undefined;
  return order[wanted ?? "info"] ?? order.info;
}

function write(level: Level, message: string, details?: Record<string, unknown>) {
  if (order[level] < threshold()) return;
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
