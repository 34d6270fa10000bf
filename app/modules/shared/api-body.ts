import { z } from "zod";
import { apiError } from "./api.ts";

/**
 * The error code of a field's issues, by the field's name (`quantity`) or its items' (`productIds.*`);
 * a function when a missing field answers otherwise than a wrong one. Unlisted: `bad_<field>`, and
 * `bad_body` for the body as a whole.
 */
export type ApiBodyCodes = Record<string, string | ((issue: z.core.$ZodIssue) => string)>;

export type ApiBodyResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Reads an /api body with its schema: the typed value, or the contract's 400 with the first issue's
 * code and message (each schema gives its messages in Russian, root included).
 */
export function parseApiBody<T>(schema: z.ZodType<T>, body: unknown, codes: ApiBodyCodes = {}): ApiBodyResult<T> {
  const parsed = schema.safeParse(body, { reportInput: true });
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, response: apiError(400, codeOf(issue, codes), issue.message) };
}

/** A field the body must carry: its absence answers `message`; what it holds is `schema`'s to judge. */
export function requiredField<T>(message: string, schema: z.ZodType<T>): z.ZodType<T> {
  return z
    .unknown()
    .refine((value): boolean => value !== undefined, { message, abort: true })
    .pipe(schema);
}

function codeOf(issue: z.core.$ZodIssue, codes: ApiBodyCodes): string {
  const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
  if (field === undefined) return "bad_body";
  const key = issue.path.map((part) => (typeof part === "number" ? "*" : String(part))).join(".");
  const code = codes[key] ?? codes[field] ?? `bad_${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
  return typeof code === "function" ? code(issue) : code;
}
