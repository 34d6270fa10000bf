import { FieldErrors } from "#app/ui/kit/Field.tsx";
import * as css from "./reviews.css.ts";

const choices = [
  { value: 5, label: "5 — отлично" },
  { value: 4, label: "4 — хорошо" },
  { value: 3, label: "3 — нормально" },
  { value: 2, label: "2 — плохо" },
  { value: 1, label: "1 — очень плохо" },
];

/** The rating as five radio buttons: chosen by a tap or the keyboard, posted without JavaScript. */
export function RatingField({ name, id, defaultValue, errors }: { name: string; id: string; defaultValue: number | undefined; errors: string[] | undefined }) {
  const errorId = `${id}-error`;
  return (
    <fieldset className={css.ratingField} aria-describedby={errors?.length ? errorId : undefined}>
      <legend className={css.ratingLegend}>Оценка</legend>
      <div className={css.ratingChoices}>
        {choices.map((choice) => (
          <label key={choice.value} className={css.ratingChoice}>
            <input type="radio" name={name} value={choice.value} defaultChecked={defaultValue === choice.value} required />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
