import type { z } from "zod";

/** The first issue of a failed parse as "path.to.field: message", so a fault names the bad field. */
export function firstIssue(error: z.ZodError, root = "(root)"): string {
  const issue = error.issues[0];
  if (!issue) return `${root}: invalid`;
  return `${issue.path.map(String).join(".") || root}: ${issue.message}`;
}
