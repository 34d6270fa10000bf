import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** A field's message, named by the field (`""` for the form as a whole). */
export type FormIssue = { name: string; message: string };

/** `payload`: the fields as posted (where to go back to, what was typed); `reason`: every message, in the order the fields failed. */
export type FormReading<T> = { payload: Record<string, unknown> } & ({ ok: true; value: T } | { ok: false; reason: string; issues: FormIssue[] });

/**
 * A page form read once through its one schema, with conform (docs/decisions/029-forms-vocabulary.md):
 * the typed value, or every field's message. Conform leaves an empty field out, as a browser's own
 * checks do, and reads numbers and ticked boxes; `coerce: false` hands the schema the text as
 * posted, for a schema that reads its texts itself (decimal commas, an empty field meaning none).
 */
export function readForm<Schema extends z.ZodType>(form: FormData | URLSearchParams, schema: Schema, { coerce = true }: { coerce?: boolean } = {}): FormReading<z.output<Schema>> {
  const submission = parseWithZod(withoutConformIntents(form), { schema, disableAutoCoercion: !coerce });
  if (submission.status === "success") return { ok: true, value: submission.value as z.output<Schema>, payload: submission.payload };
  const issues = Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (messages ?? []).map((message) => ({ name, message })));
  return { ok: false, reason: issues.map((issue) => issue.message).join(". "), issues, payload: submission.payload };
}

/**
 * Conform reads `__intent__` and `__state__` as JSON (its list buttons, which no form here has):
 * a post that sends them is not ours, and their text must not reach JSON.parse.
 */
function withoutConformIntents(form: FormData | URLSearchParams): FormData {
  const fields = new FormData();
  for (const [name, value] of form) if (name !== "__intent__" && name !== "__state__") fields.append(name, value);
  return fields;
}
