import { Form, useSubmit } from "react-router";
import { listingSearch, sortOptions, type ListingQuery } from "#app/modules/catalog/listing.ts";
import { visuallyHidden } from "../kit/kit.css.ts";
import * as css from "./catalog.css.ts";

/**
 * The catalogue's sort order as one control: a select in a GET form that keeps the filters.
 * Without JavaScript the 'Показать' button sends it; with it the choice applies at once
 * and there is no button.
 */
export function SortForm({ query, action }: { query: ListingQuery; action: string }) {
  const submit = useSubmit();
  const kept = [...new URLSearchParams(listingSearch(query)).entries()].filter(([name]) => name !== "sort");
  return (
    <Form method="get" action={action} className={css.sortForm} preventScrollReset aria-label="Сортировка">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="catalog-sort" className={visuallyHidden}>
        Сортировка
      </label>
      <select
        id="catalog-sort"
        key={query.sort}
        name="sort"
        defaultValue={query.sort}
        className={css.sortSelect}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {sortOptions.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {/* Only without JavaScript, from the first paint: hiding it on hydration moved the select (layout shift). */}
      <noscript>
        <button type="submit" className={css.sortSubmit}>
          Показать
        </button>
      </noscript>
    </Form>
  );
}
