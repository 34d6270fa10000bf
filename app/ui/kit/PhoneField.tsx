import { type InputHTMLAttributes, useEffectEvent, useLayoutEffect, useRef, useState } from "react";
import { NumberFormatBase, usePatternFormat, type ChangeMeta } from "react-number-format";
import { nationalDigits, PHONE_MASK, typedNationalDigits } from "#app/modules/phone/phone.ts";
import { FieldErrors } from "./Field.tsx";
import * as css from "./form.css.ts";

/** The digits of a piece of the formatted value that sit in the mask's # slots (not the 7 of +7). */
function slotDigits(text: string, offset: number): string {
  let digits = "";
  for (let i = 0; i < text.length; i++) if (PHONE_MASK[offset + i] === "#" && /\d/.test(text[i]!)) digits += text[i];
  return digits;
}

/**
 * The spec's mask +7 (###) ###-##-## reads only the digits it is given, so a pasted or
 * autofilled "+79161112233" would become +7 (791) 611-12-23. Whatever replaces the field's
 * content at once (paste, autofill, select-all-and-type) or arrives as several digits is
 * read by the same rule as the server's (nationalDigits); single keystrokes inside the
 * formatted value keep the pattern's own handling (deleting across brackets and dashes).
 */
export function phoneRemoveFormatting(base: (value: string, meta?: ChangeMeta) => string) {
  return (value: string, meta?: ChangeMeta): string => {
    // No change to compare with: a value given to the field (the number posted back with an
    // error, a prefilled one) or the formatted value read again. Read it like the server does.
    if (!meta) return (nationalDigits(value) ?? base(value, meta)).slice(0, 10);
    const { from, to, lastValue = "" } = meta;
    const replacedAll = lastValue === "" || (from.start === 0 && from.end >= lastValue.length);
    if (replacedAll) {
      // A lone 8 or 7 typed into an empty field is the trunk or country prefix, not a digit of the number.
      const fresh = /^\s*[78]\s*$/.test(value) ? "" : nationalDigits(value);
      return (fresh ?? nationalDigits(value.replace(/[^\d+]/g, "")) ?? value.replace(/\D/g, "")).slice(0, 10);
    }
    const inserted = value.substring(to.start, to.end);
    if (inserted.replace(/\D/g, "").length > 1) {
      // A number pasted into part of the field: its own +7 or 8 does not count as digits.
      const pasted = nationalDigits(inserted) ?? inserted.replace(/\D/g, "");
      return (slotDigits(lastValue.substring(0, from.start), 0) + pasted + slotDigits(lastValue.substring(from.end), from.end)).slice(0, 10);
    }
    return base(value, meta).slice(0, 10);
  };
}

/** The inputs this field has rendered: another with its id is the server's, or DeferredPhoneField's stand-in. */
const ownInputs = new WeakSet<HTMLInputElement>();

/**
 * What was typed into the plain field this one replaces, read at its render: DeferredPhoneField
 * shows a plain input after a client-side navigation until the mask's chunk comes, and that
 * input is gone by the commit.
 */
function typedIntoStandIn(id: string | undefined): string | undefined {
  if (typeof document === "undefined" || !id) return undefined;
  const input = document.getElementById(id);
  return input instanceof HTMLInputElement && !ownInputs.has(input) && input.value !== input.defaultValue ? input.value : undefined;
}

/**
 * A phone input with the spec's mask +7 (###) ###-##-##. Without JavaScript it is a
 * plain tel input, and the server reads whatever format was typed.
 */
export function PhoneField({
  label,
  errors,
  inputProps,
  onDigitsChange,
}: {
  label: string;
  errors: string[] | undefined;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
  /** The national digits (up to ten) after every change, however it was made. */
  onDigitsChange?: (digits: string) => void;
}) {
  const { key: _key, id, name, defaultValue, required, form, onBlur } = inputProps;
  const invalid = errors?.length ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
  const pattern = usePatternFormat({ format: PHONE_MASK, mask: "_", allowEmptyFormatting: false });
  const removeFormatting = phoneRemoveFormatting(pattern.removeFormatting!);
  const [digits, setDigits] = useState(() => (typeof defaultValue === "string" ? removeFormatting(defaultValue) : ""));
  const inputRef = useRef<HTMLInputElement | null>(null);
  const change = (next: string) => {
    setDigits(next);
    onDigitsChange?.(next);
  };
  // The visitor may have typed before this code ran. Into the server's plain field: hydration
  // waits for the page to load (decision 034), DeferredPhoneField for its own chunk. React keeps
  // what that field holds when it takes it over, and reading it in the commit leaves no moment
  // for a key to fall between the reading and the masked value replacing it. Into a stand-in
  // that this field replaces: read at render, while it is still there.
  const [standIn] = useState(() => typedIntoStandIn(id));
  // Once, at the first commit: an effect event, so later renders' values do not run it again.
  const readTypedBefore = useEffectEvent(() => {
    const input = inputRef.current;
    if (!input) return;
    ownInputs.add(input);
    const typed = input.value !== pattern.format!(digits) ? input.value : standIn;
    if (typed !== undefined) change(typedNationalDigits(typed));
  });
  useLayoutEffect(() => readTypedBefore(), []);
  return (
    <div className={css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      <NumberFormatBase
        {...pattern}
        removeFormatting={removeFormatting}
        value={digits}
        valueIsNumericString
        onValueChange={({ value }) => change(value)}
        id={id}
        name={name}
        form={form}
        required={required}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+7 (___) ___-__-__"
        onBlur={onBlur}
        getInputRef={inputRef}
        className={css.input}
        {...invalid}
      />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
