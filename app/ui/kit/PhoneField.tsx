import type { InputHTMLAttributes } from "react";
import { PatternFormat } from "react-number-format";
import { PHONE_MASK } from "#app/modules/phone/phone.ts";
import { FieldErrors } from "./Field.tsx";
import * as css from "./form.css.ts";

/**
 * A phone input with the spec's mask +7 (###) ###-##-##. Without JavaScript it is a
 * plain tel input, and the server reads whatever format was typed.
 */
export function PhoneField({ label, errors, inputProps }: { label: string; errors: string[] | undefined; inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string } }) {
  const { key: _key, id, name, defaultValue, required, form } = inputProps;
  const invalid = errors?.length ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
  return (
    <div className={css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      <PatternFormat
        id={id}
        name={name}
        form={form}
        required={required}
        format={PHONE_MASK}
        mask="_"
        allowEmptyFormatting={false}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+7 (___) ___-__-__"
        defaultValue={typeof defaultValue === "string" ? defaultValue : undefined}
        className={css.input}
        {...invalid}
      />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
