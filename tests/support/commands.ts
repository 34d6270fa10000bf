// Runs an operator command (npm run shop -- …, npm run catalog -- …) the way package.json's
// script runs it (its node options included), on Node 24 from node_modules/.bin, and returns
// how it ended.
import { spawn } from "node:child_process";
import path from "node:path";
import { nodeArgumentsOf, repoRoot } from "./package-scripts.ts";

export async function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(path.join(repoRoot, "node_modules/.bin/node"), [...nodeArgumentsOf(script), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout, stderr };
}
