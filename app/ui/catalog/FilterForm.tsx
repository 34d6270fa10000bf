import { Form, Link } from "react-router";
import { kindOptions, metalOptions, weightOptions, type ListingQuery, type SectionFilter } from "#app/modules/catalog/listing.ts";
import * as css from "./filters.css.ts";

export type FilterChoices = { series: { id: string; label: string }[]; countries: string[]; mints: string[] };

/**
 * The catalogue's filters as a GET form: works without JavaScript, and the result is a
 * plain address that can be shared. Filters the section already fixes are not offered.
 */
export function FilterForm({ query, section, choices, action }: { query: ListingQuery; section: SectionFilter; choices: FilterChoices; action: string }) {
  const { filters } = query;
  return (
    <Form method="get" action={action} className={css.form} aria-label="Фильтры">
      {section.metal ? null : (
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>Металл</legend>
          <label className={css.option}>
            <input type="radio" name="metal" value="" defaultChecked={!filters.metal} /> Любой
          </label>
          {metalOptions.map((option) => (
            <label key={option.id} className={css.option}>
              <input type="radio" name="metal" value={option.id} defaultChecked={filters.metal === option.id} /> {option.label}
            </label>
          ))}
        </fieldset>
      )}
      {section.kind ? null : (
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>Тип монеты</legend>
          <label className={css.option}>
            <input type="radio" name="kind" value="" defaultChecked={!filters.kind} /> Любой
          </label>
          {kindOptions.map((option) => (
            <label key={option.id} className={css.option}>
              <input type="radio" name="kind" value={option.id} defaultChecked={filters.kind === option.id} /> {option.label}
            </label>
          ))}
        </fieldset>
      )}
      {section.series || choices.series.length < 2 ? null : (
        <label className={css.field}>
          <span className={css.legend}>Серия</span>
          <select name="series" defaultValue={filters.series ?? ""} className={css.select}>
            <option value="">Все серии</option>
            {choices.series.map((series) => (
              <option key={series.id} value={series.id}>
                {series.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {section.country || choices.countries.length < 2 ? null : (
        <label className={css.field}>
          <span className={css.legend}>Страна</span>
          <select name="country" defaultValue={filters.country ?? ""} className={css.select}>
            <option value="">Все страны</option>
            {choices.countries.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
        </label>
      )}
      {choices.mints.length < 2 ? null : (
        <label className={css.field}>
          <span className={css.legend}>Монетный двор</span>
          <select name="mint" defaultValue={filters.mint ?? ""} className={css.select}>
            <option value="">Все</option>
            {choices.mints.map((mint) => (
              <option key={mint} value={mint}>
                {mint}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className={css.field}>
        <span className={css.legend}>Вес чистого металла</span>
        <select name="weight" defaultValue={filters.weight ?? ""} className={css.select}>
          <option value="">Любой</option>
          {weightOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Цена, ₽</legend>
        <div className={css.range}>
          <input
            type="number"
            name="price_from"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="от"
            aria-label="Цена от"
            defaultValue={filters.priceFrom}
            className={css.input}
          />
          <input
            type="number"
            name="price_to"
            min={0}
            step={1}
            inputMode="numeric"
            placeholder="до"
            aria-label="Цена до"
            defaultValue={filters.priceTo}
            className={css.input}
          />
        </div>
      </fieldset>
      <label className={css.option}>
        <input type="checkbox" name="in_stock" value="1" defaultChecked={filters.inStock} /> Только в наличии
      </label>
      {query.sort !== "new" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      <div className={css.buttons}>
        <button type="submit" className={css.submit}>
          Показать
        </button>
        <Link to={action} className={css.reset}>
          Сбросить
        </Link>
      </div>
    </Form>
  );
}
