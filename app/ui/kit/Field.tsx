import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import * as css from "./form.css.ts";

type Errors = string[] | undefined;

/** Field errors with the id the input's aria-describedby points to. */
export function FieldErrors({ id, errors }: { id: string; errors: Errors }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className={css.error} role="alert">
      {errors.join(". ")}
    </p>
  );
}

/** The ARIA attributes of a field with errors: invalid, described by its FieldErrors. */
function fieldAria(id: string | undefined, errors: Errors) {
  return errors?.length && id ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

/** A labelled input with its errors; takes conform's input props. */
export function TextField({
  label,
  errors,
  inputProps,
}: {
  label: ReactNode;
  errors: Errors;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  const { key: _key, ...rest } = inputProps;
  return (
    <div className={css.field}>
      <label htmlFor={rest.id} className={css.label}>
        {label}
      </label>
      {/* A text field unless told otherwise: an <input> without a type is one, but says so. */}
      <input type="text" {...rest} {...fieldAria(rest.id, errors)} className={css.input} />
      <FieldErrors id={`${rest.id}-error`} errors={errors} />
    </div>
  );
}

export function TextAreaField({
  label,
  errors,
  textareaProps,
}: {
  label: ReactNode;
  errors: Errors;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string };
}) {
  const { key: _key, ...rest } = textareaProps;
  return (
    <div className={css.field}>
      <label htmlFor={rest.id} className={css.label}>
        {label}
      </label>
      <textarea {...rest} {...fieldAria(rest.id, errors)} className={css.textarea} />
      <FieldErrors id={`${rest.id}-error`} errors={errors} />
    </div>
  );
}

/** A labelled select with its errors; takes conform's select props and the options. */
export function SelectField({
  label,
  errors,
  selectProps,
  options,
}: {
  label: ReactNode;
  errors: Errors;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string };
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { key: _key, ...rest } = selectProps;
  return (
    <div className={css.field}>
      <label htmlFor={rest.id} className={css.label}>
        {label}
      </label>
      <select {...rest} {...fieldAria(rest.id, errors)} className={css.input}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${rest.id}-error`} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  label,
  errors,
  inputProps,
}: {
  label: ReactNode;
  errors: Errors;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  const { key: _key, ...rest } = inputProps;
  return (
    <div>
      <div className={css.checkboxRow}>
        <input {...rest} {...fieldAria(rest.id, errors)} type="checkbox" />
        <label htmlFor={rest.id}>{label}</label>
      </div>
      <FieldErrors id={`${rest.id}-error`} errors={errors} />
    </div>
  );
}

export function FormErrors({ errors }: { errors: Errors }) {
  if (!errors?.length) return null;
  return (
    <div className={css.formError} role="alert">
      {errors.join(" ")}
    </div>
  );
}
