import type { ReactNode } from "react";
import { Form } from "react-router";
import { buybackGradeLabels } from "#app/modules/buyback/statuses.ts";
import type { BuybackGrade } from "#app/modules/db/column-values.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { Pagination } from "../kit/Pagination.tsx";
import { button } from "../kit/kit.css.ts";
import * as css from "./admin.css.ts";

export type AdminListProps = {
  /** The GET form's fields (AdminFilterField, AdminSearchField); 'Найти' is added after them. */
  filters: ReactNode;
  /** Why the filters were not applied, in Russian. */
  errors: readonly string[];
  /** Names the 'Найдено' line and the table for tests: `${testId}-found`, `${testId}-table`. */
  testId: string;
  total: number;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** The table's column headings. */
  head: readonly string[];
  /** The rows (<tr>…), or nothing: then no table is drawn. */
  rows: readonly ReactNode[];
  /** Long cells wrap, and a phone shows each row as a card (cells need data-label). */
  stacked?: boolean;
  /** A phone shows each row as a card of lines, each value beside its heading (cells need data-label): for tables with a sum. */
  cards?: boolean;
};

/** A back-office list: the filter form (a GET, so it works without JavaScript), the count found, the table, pages. */
export function AdminList({ filters, errors, testId, total, page, pageCount, hrefFor, head, rows, stacked, cards }: AdminListProps) {
  return (
    <>
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a form with role=search is the landmark a <search> box around it would be */}
      <Form method="get" className={css.filters} role="search">
        {filters}
        <button type="submit" className={button}>
          Найти
        </button>
      </Form>
      {errors.length > 0 ? (
        <p className={css.warning} role="alert">
          {errors.join(". ")}
        </p>
      ) : null}
      <p className={css.muted} data-testid={`${testId}-found`}>
        Найдено: {total}
      </p>
      {rows.length > 0 ? <AdminTable testId={`${testId}-table`} head={head} rows={rows} stacked={stacked} cards={cards} /> : null}
      {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} /> : null}
    </>
  );
}

/** A back-office table that scrolls sideways on a phone (or shows its rows as cards there): the headings, then the rows (<tr>…). */
export function AdminTable({
  head,
  rows,
  testId,
  stacked,
  cards,
}: {
  head: readonly string[];
  rows: readonly ReactNode[];
  testId?: string;
  stacked?: boolean;
  cards?: boolean;
}) {
  const className = [css.table, stacked ? css.stackedTable : "", cards ? css.cardTable : ""].filter(Boolean).join(" ");
  return (
    <div className={css.tableWrap}>
      <table className={className} data-testid={testId}>
        <thead>
          <tr>
            {head.map((name) => (
              <th key={name}>{name}</th>
            ))}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}

/** The messages the sender gave up on: when, what, by which channel, to whom, and why. */
export function FailedMessagesTable({
  rows,
  testId,
}: {
  rows: ReadonlyArray<{ id: number; createdAt: Date | string; event: string; channel: string; recipient: string; attempts?: number; lastError: string | null }>;
  testId?: string;
}) {
  const withAttempts = rows.some((row) => row.attempts !== undefined);
  return (
    <AdminTable
      testId={testId}
      head={["Когда", "Событие", "Канал", "Кому", ...(withAttempts ? ["Попыток"] : []), "Почему"]}
      rows={rows.map((row) => (
        <tr key={row.id}>
          <td className={css.number}>{formatDateTime(row.createdAt)}</td>
          <td>{row.event}</td>
          <td>{row.channel}</td>
          <td>{row.recipient || "—"}</td>
          {withAttempts ? <td className={css.number}>{row.attempts}</td> : null}
          <td>{row.lastError ?? ""}</td>
        </tr>
      ))}
    />
  );
}

/** A labelled control of a list's filter form. */
export function AdminFilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={css.filterField}>
      {label}
      {children}
    </label>
  );
}

/** A select of a filter form: 'все' first, then the values with their labels. */
export function AdminFilterSelect<Value extends string>({
  label,
  name,
  value,
  options,
  all = "все",
}: {
  label: string;
  name: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [Value, string]>;
  all?: string;
}) {
  return (
    <AdminFilterField label={label}>
      <select name={name} defaultValue={value ?? ""} className={css.control}>
        <option value="">{all}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </AdminFilterField>
  );
}

/** The search box of a filter form. */
export function AdminSearchField({ label, value, name = "q" }: { label: string; value: string | undefined; name?: string }) {
  return (
    <AdminFilterField label={label}>
      <input type="search" name={name} defaultValue={value ?? ""} className={css.control} maxLength={100} />
    </AdminFilterField>
  );
}

/** The from/to days of a filter form. */
export function AdminDateFields({ from, to }: { from: string | undefined; to: string | undefined }) {
  return (
    <>
      <AdminFilterField label="С">
        <input type="date" name="from" defaultValue={from ?? ""} className={css.control} />
      </AdminFilterField>
      <AdminFilterField label="По">
        <input type="date" name="to" defaultValue={to ?? ""} className={css.control} />
      </AdminFilterField>
    </>
  );
}

/** A figure's cell (a number, a date, a sum) on one line; `label` is its column's heading, shown beside it on a phone (AdminTable's cards). */
export function NumberCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className={css.number} data-label={label}>
      {children}
    </td>
  );
}

/** A person's name with the phone under it, as the lists show them; `label` is its column's heading (a card's line). */
export function PersonCell({ name, phone, label }: { name: string; phone: string; label?: string }) {
  return (
    <td data-label={label}>
      {name}
      <br />
      <span className={css.muted}>{phone}</span>
    </td>
  );
}

/** What a buy-back request offers: the listed coin and how many (with the grade), or the seller's own words. */
export function BuybackCoinsCell({
  row,
  label,
}: {
  row: { coinName: string | null; quantity: number; items: string; grade?: BuybackGrade | null };
  label?: string;
}) {
  return (
    <td data-label={label}>
      {row.coinName ? `${row.coinName} × ${row.quantity}` : row.items}
      {row.grade ? <span className={css.muted}> ({buybackGradeLabels[row.grade]})</span> : null}
    </td>
  );
}
