import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { articleFormSchema, slugFromTitle } from "#app/modules/content/article-form.ts";
import { formatDay } from "#app/modules/content/dates.ts";
import type { ContentImage } from "#app/modules/db/schema.ts";
import { formConstraint } from "#app/modules/forms/fields.ts";
import { Prose } from "../content/Prose.tsx";
import { CoinImage } from "../kit/CoinImage.tsx";
import { CheckboxField, FieldErrors, FormErrors, TextAreaField, TextField } from "../kit/Field.tsx";
import { button } from "../kit/kit.css.ts";
import * as css from "./admin.css.ts";

const constraint = formConstraint(articleFormSchema);

export type ArticleFormDefaults = Partial<Record<"title" | "slug" | "date" | "description" | "body" | "video" | "coverAlt" | "removeCover" | "cover", string>>;

export type ArticleFormPreview = { title: string; date: string; description: string; html: string; cover: ContentImage | null; pictureNote: boolean };

/**
 * A news item, case or training article as fields (article-form.ts): title, address, date,
 * short text, picture, video, the text in Markdown. A POST (multipart, for the picture) that
 * works without JavaScript; with it, conform checks the same schema as the server while typing.
 * `version` is a saved item's (optimistic locking); without it the form adds a new item.
 */
export function ArticleForm({
  defaults,
  cover,
  version,
  lastResult,
  preview,
}: {
  defaults: ArticleFormDefaults;
  cover: ContentImage | null;
  version?: string;
  lastResult?: SubmissionResult<string[]>;
  preview?: ArticleFormPreview;
}) {
  const isNew = version === undefined;
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults,
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: articleFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // A posted title comes back as the server read it: a field sent twice is a list, not a text.
  const typedTitle = fields.title.value;
  const madeSlug = slugFromTitle(typeof typedTitle === "string" ? typedTitle : (defaults.title ?? ""));
  return (
    <>
      {preview ? (
        <section className={css.preview} data-testid="content-preview" aria-labelledby="preview-heading">
          <p id="preview-heading" className={css.sectionTitle}>
            Предпросмотр (не сохранено)
          </p>
          <h2>{preview.title}</h2>
          <p className={css.muted}>{formatDay(preview.date)}</p>
          {preview.cover ? <CoinImage image={preview.cover} sizes="(min-width: 880px) 800px, 100vw" /> : null}
          {preview.pictureNote ? <p className={css.muted}>Новая картинка появится здесь после сохранения.</p> : null}
          <p>
            <strong>{preview.description}</strong>
          </p>
          <Prose html={preview.html} />
        </section>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className={css.section} data-testid="article-form">
        {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
        <FormErrors errors={form.errors} />
        <TextField label="Заголовок" errors={fields.title.errors} inputProps={getInputProps(fields.title, { type: "text" })} />
        {isNew ? (
          <TextField
            label={
              <>
                Адрес в магазине <span className={css.muted}>(латиницей; пусто — из заголовка{madeSlug ? `: ${madeSlug}` : ""})</span>
              </>
            }
            errors={fields.slug.errors}
            inputProps={{
              ...getInputProps(fields.slug, { type: "text" }),
              placeholder: madeSlug || "например, grafik-raboty",
              autoCapitalize: "none",
              spellCheck: false,
            }}
          />
        ) : (
          <p className={css.muted}>Адрес в магазине: {defaults.slug} (после создания не меняется: на него уже могут вести ссылки)</p>
        )}
        <TextField
          label={
            <>
              Дата <span className={css.muted}>(ДД.ММ.ГГГГ или ГГГГ-ММ-ДД)</span>
            </>
          }
          errors={fields.date.errors}
          inputProps={{ ...getInputProps(fields.date, { type: "text" }), placeholder: "14.10.2026", inputMode: "numeric" }}
        />
        <TextAreaField
          label="Кратко (в списке и под заголовком)"
          errors={fields.description.errors}
          textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        />
        <fieldset className={css.fieldGroup}>
          <legend>Картинка</legend>
          {cover ? (
            <div className={css.picture}>
              <div className={css.coverThumb}>
                <CoinImage image={cover} width={240} />
              </div>
              <CheckboxField label="Убрать картинку" errors={fields.removeCover.errors} inputProps={getInputProps(fields.removeCover, { type: "checkbox" })} />
            </div>
          ) : null}
          <div className={css.section}>
            <label htmlFor={fields.cover.id}>{cover ? "Заменить файлом" : "Файл"} (JPEG, PNG или WebP)</label>{" "}
            <input
              type="file"
              id={fields.cover.id}
              name={fields.cover.name}
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={fields.cover.errors?.length ? true : undefined}
              aria-describedby={fields.cover.errors?.length ? `${fields.cover.id}-error` : undefined}
            />
            <FieldErrors id={`${fields.cover.id}-error`} errors={fields.cover.errors} />
          </div>
          <TextField
            label="Описание картинки (для незрячих и поисковиков)"
            errors={fields.coverAlt.errors}
            inputProps={getInputProps(fields.coverAlt, { type: "text" })}
          />
        </fieldset>
        <TextField
          label="Видео (ссылка Rutube, VK Видео или YouTube, необязательно)"
          errors={fields.video.errors}
          inputProps={{ ...getInputProps(fields.video, { type: "text" }), inputMode: "url" }}
        />
        <TextAreaField
          label={
            <>
              Текст <span className={css.muted}>(Markdown: ## подзаголовок, **жирный**, - список, [ссылка](https://…))</span>
            </>
          }
          errors={fields.body.errors}
          textareaProps={{ ...getTextareaProps(fields.body), rows: 16 }}
        />
        <p className={css.filters}>
          <button type="submit" name="intent" value="preview" className={button}>
            Предпросмотр
          </button>
          {isNew ? (
            <>
              <button type="submit" name="intent" value="draft" className={button}>
                Сохранить черновик
              </button>
              <button type="submit" name="intent" value="publish" className={button}>
                Опубликовать
              </button>
            </>
          ) : (
            <button type="submit" name="intent" value="save" className={button}>
              Сохранить
            </button>
          )}
        </p>
      </Form>
    </>
  );
}
