import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";

type Constraint = NonNullable<ReturnType<typeof getZodConstraint>[string]>;

/** The longest text a field takes, read through optional, default and pipes (a transform's input); null when unbounded. */
function maxLengthOf(schema: z.core.$ZodType): number | null {
  const def = schema._zod.def as z.core.$ZodTypeDef & { innerType?: z.core.$ZodType; in?: z.core.$ZodType };
  if (def.type === "string") return (schema as z.ZodString).maxLength;
  if ((def.type === "optional" || def.type === "default" || def.type === "nullable") && def.innerType) return maxLengthOf(def.innerType);
  if (def.type === "pipe" && def.in) return maxLengthOf(def.in);
  return null;
}

/**
 * The native constraints of a form's inputs (`required`, `maxlength`, `pattern`) from its
 * schema, for useForm's `constraint`: without JavaScript the browser checks them before
 * posting. getZodConstraint gives `required` and patterns; it reads lengths where zod 4.6
 * no longer keeps them, so `maxlength` comes from the schema's own `maxLength`.
 */
export function formConstraint(schema: z.ZodObject): Record<string, Constraint> {
  const constraint = getZodConstraint(schema);
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      const maxLength = maxLengthOf(field as z.core.$ZodType);
      return [name, { ...constraint[name], ...(maxLength !== null && constraint[name]?.maxLength === undefined ? { maxLength } : {}) }];
    }),
  );
}
