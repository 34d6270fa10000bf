import type { ReactNode } from "react";
import { Form } from "react-router";
import { button } from "../kit/kit.css.ts";
import { auditWho } from "./auditWho.ts";
import * as css from "./admin.css.ts";

export type AdminEditFrameProps = {
  /** The heading before the state badge (the coin's name, the text's kind and key). */
  title: ReactNode;
  /** The state badge in the heading ("на сайте", "опубликовано"). */
  state: ReactNode;
  stateTestId?: string;
  /** The line under the heading: where the thing is in the shop, the way back to its list. */
  links: ReactNode;
  /** Why the last save was refused, and anything shown above the form (a preview). */
  notice?: ReactNode;
  /** The edit form (AdminEditForm), in the wide column. */
  children: ReactNode;
  /** The side column's sections (actions, AdminAuditSection). */
  aside: ReactNode;
};

/** A back-office edit page: heading with state, links, the refusal, the form beside its side column. */
export function AdminEditFrame({ title, state, stateTestId, links, notice, children, aside }: AdminEditFrameProps) {
  return (
    <>
      <h1 className={css.title}>
        {title}{" "}
        <span className={css.titleStatus} data-testid={stateTestId}>
          {state}
        </span>
      </h1>
      <p className={css.muted}>{links}</p>
      {notice}
      <div className={css.columns}>
        {children}
        <div>{aside}</div>
      </div>
    </>
  );
}

/**
 * A POST form of an edit page that carries the version the staff member saw, so a save over
 * someone else's newer change is refused (optimistic locking) instead of overwriting it.
 */
export function AdminEditForm({
  version,
  className,
  encType,
  testId,
  children,
}: {
  version: string | number;
  className?: string;
  encType?: "multipart/form-data";
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className} encType={encType} data-testid={testId}>
      <input type="hidden" name="version" value={version} />
      {children}
    </Form>
  );
}

/** An edit form's 'Сохранить'. */
export function AdminSaveButton() {
  return (
    <button type="submit" name="intent" value="save" className={button}>
      Сохранить
    </button>
  );
}

/** The side section 'Изменения': who changed what and when, newest first, or 'Нет'. */
export function AdminAuditSection<Row extends { id: number; createdAt: Date | string; phone: string; role: string }>({
  rows,
  testId,
  describe,
}: {
  rows: readonly Row[];
  testId: string;
  describe: (row: Row) => ReactNode;
}) {
  return (
    <section className={css.section}>
      <h2 className={css.sectionTitle}>Изменения</h2>
      {rows.length === 0 ? <p className={css.muted}>Нет</p> : null}
      <ol className={css.list} data-testid={testId}>
        {rows.map((row) => (
          <li key={row.id}>
            {auditWho(row)}: {describe(row)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A labelled control of an edit form, with its hint and its refusal (`${name}-error`) under it. */
export function AdminEditField({
  label,
  hint,
  error,
  name,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  name?: string;
  children: ReactNode;
}) {
  return (
    <label className={css.formField}>
      {label}
      {children}
      {hint ? <span className={css.muted}>{hint}</span> : null}
      {error ? (
        <span className={css.warning} id={`${name}-error`}>
          {error}
        </span>
      ) : null}
    </label>
  );
}
