import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** A field's message, named by the field (`""` for the form as a whole). */
export type FormIssue = { name: string; message: string };

/** `payload`: the fields as posted (where to go back to, what was typed); `reason`: every message, in the order the fields failed. */
export type FormReading<T> = { payload: Record<string, unknown> } & ({ ok: true; value: T } | { ok: false; reason: string; issues: FormIssue[] });

/**
 * A page form (as readFormBody read it) once through its one schema, with conform (docs/decisions/029-forms-vocabulary.md):
 * the typed value, or every field's message. Conform leaves an empty field out, as a browser's own
 * checks do, and reads numbers and ticked boxes; `coerce: false` hands the schema the text as
 * posted, for a schema that reads its texts itself (decimal commas, an empty field meaning none).
 */
export function readForm<Schema extends z.ZodType>(form: FormData, schema: Schema, { coerce = true }: { coerce?: boolean } = {}): FormReading<z.output<Schema>> {
  const submission = parseWithZod(form, { schema, disableAutoCoercion: !coerce });
  if (submission.status === "success") return { ok: true, value: submission.value as z.output<Schema>, payload: submission.payload };
  const issues = Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (messages ?? []).map((message) => ({ name, message })));
  return { ok: false, reason: issues.map((issue) => issue.message).join(". "), issues, payload: submission.payload };
}

