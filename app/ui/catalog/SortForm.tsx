import { Form, useSubmit } from "react-router";
import { listingSearch, sortOptions, type ListingQuery } from "#app/modules/catalog/listing.ts";
import { visuallyHidden } from "../kit/kit.css.ts";
import { useHydrated } from "../use-hydrated.ts";
import * as css from "./catalog.css.ts";

/**
 * The catalogue's sort order as one control: a select in a GET form that keeps the filters.
 * Without JavaScript the 'Показать' button sends it; with it the choice applies at once
 * and the button goes away.
 */
export function SortForm({ query, action }: { query: ListingQuery; action: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
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
      <button type="submit" className={css.sortSubmit} hidden={hydrated}>
        Показать
      </button>
    </Form>
  );
}
