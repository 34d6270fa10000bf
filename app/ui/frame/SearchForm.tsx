import { Form } from "react-router";
import { SEARCH_QUERY_MAX_LENGTH } from "#app/modules/catalog/search-query.ts";
import { Icon } from "../kit/icons.tsx";
import { visuallyHidden } from "../kit/kit.css.ts";
import { searchButton, searchInput } from "./frame.css.ts";

/**
 * GET /search?q=… Native validation is off and no length rule applies (spec section 2); a
 * paste is only cut at the length the server reads, so a long one cannot make the address too long.
 * `onSubmitted` lets the mobile menu clear the field and close after a search.
 */
export function SearchForm({ className, id, onSubmitted }: { className: string; id: string; onSubmitted?: (form: HTMLFormElement) => void }) {
  return (
    <Form
      method="get"
      action="/search"
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a form with role=search is the landmark a <search> box around it would be
      role="search"
      noValidate
      className={className}
      onSubmit={(event) => {
        const form = event.currentTarget;
        // Let the navigation read the value first, then reset the field.
        if (onSubmitted) setTimeout(() => onSubmitted(form), 0);
      }}
    >
      <label htmlFor={id} className={visuallyHidden}>
        Поиск по каталогу
      </label>
      <input id={id} name="q" type="search" placeholder="Поиск монет" className={searchInput} autoComplete="off" maxLength={SEARCH_QUERY_MAX_LENGTH} />
      <button type="submit" className={searchButton} aria-label="Найти">
        <Icon name="search" size={20} />
      </button>
    </Form>
  );
}
