import type { RouterContextProvider } from "react-router";
import { apiError, apiJson } from "../shared/api.ts";
import { userContext } from "../request/context.ts";
import { AuthError } from "./codes.server.ts";
import type { User } from "./sessions.server.ts";

/** A sign-in refusal as the /api contract answers it, with Retry-After when the buyer must wait. */
export function authErrorResponse(error: unknown): Response {
  if (error instanceof AuthError) {
    return apiError(error.status, error.code, error.message, error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined);
  }
  throw error;
}

export function signedInUser(context: Readonly<RouterContextProvider>): User | Response {
  return context.get(userContext) ?? apiError(401, "unauthorized", "Войдите по номеру телефона, чтобы продолжить");
}

/** The first error message of a zod result, for a one-line /api answer. */
export function firstIssue(issues: { message: string; path: PropertyKey[] }[]): { field: string; message: string } {
  const issue = issues[0]!;
  return { field: String(issue.path[0] ?? ""), message: issue.message };
}

export { apiJson };
