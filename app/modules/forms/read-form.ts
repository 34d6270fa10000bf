import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

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
export function readForm<Schema extends z.ZodType>(
  form: FormData,
  schema: Schema,
  { coerce = true }: { coerce?: boolean } = {},
): FormReading<z.output<Schema>> {
  const submission = parseWithZod(form, { schema, disableAutoCoercion: !coerce });
  if (submission.status === "success") return { ok: true, value: submission.value as z.output<Schema>, payload: submission.payload };
  const issues = Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (messages ?? []).map((message) => ({ name, message })));
  return { ok: false, reason: issues.map((issue) => issue.message).join(". "), issues, payload: submission.payload };
}

/** A field read as one text, or absent: posted twice or as a file, it is absent rather than a refusal. */
const oneText = z.string().optional().catch(undefined);
const envelopeSchema = z.object({ intent: oneText, _fetcher: oneText, redirectTo: oneText });

/**
 * What an enhanced page form posts besides its own fields: the pressed button's intent, whether a
 * fetcher sent it (`_fetcher=1`, answered with data rather than a redirect) and where to go back to.
 */
export function readFormEnvelope(form: FormData): { intent: string; viaFetcher: boolean; redirectTo: string | undefined } {
  const reading = readForm(form, envelopeSchema, { coerce: false });
  const { intent, _fetcher, redirectTo } = reading.ok ? reading.value : {};
  return { intent: intent ?? "", viaFetcher: _fetcher === "1", redirectTo };
}
