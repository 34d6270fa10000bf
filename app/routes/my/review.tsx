import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { formConstraint } from "#app/modules/forms/fields.ts";
import { REVIEW_TEXT_MAX, reviewSchema, reviewTexts } from "#app/modules/reviews/review-form.ts";
import { reviewStatusLabels } from "#app/modules/reviews/review-words.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { handleReviewForm, loadReviewPage } from "#app/modules/storefront/review-page.server.ts";
import { FormErrors, TextAreaField } from "#app/ui/kit/Field.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import { RatingField } from "#app/ui/reviews/RatingField.tsx";
import * as reviewCss from "#app/ui/reviews/reviews.css.ts";
import * as css from "./my.css.ts";
import type { Route } from "./+types/review";

export function loader({ url, context, params }: Route.LoaderArgs) {
  return loadReviewPage(context, url, params.slug);
}

export function action({ request, url, context, params }: Route.ActionArgs) {
  return handleReviewForm(request, context, url, params.slug);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta({ title: loaderData ? `Отзыв: ${loaderData.coin.name}` : "Отзыв о монете" }),
  { name: "robots", content: "noindex" },
];

const constraint = formConstraint(reviewSchema);

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { coin, mayWrite, review, signature } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData,
    defaultValue: review ? { rating: String(review.rating), text: review.text } : undefined,
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const coinHref = `/products/${coin.slug}`;
  return (
    <>
      <PageHeader
        title={review ? "Ваш отзыв" : "Отзыв о монете"}
        crumbs={[
          { name: "Личный кабинет", href: "/my" },
          { name: "Мои монеты", href: "/my/coins" },
          { name: "Отзыв", href: `/my/reviews/${coin.slug}` },
        ]}
      />
      <p>
        <Link to={coinHref}>{coin.name}</Link>
      </p>
      {review ? (
        <p data-testid="review-status">
          Статус: <strong>{reviewStatusLabels[review.status]}</strong>
          {review.status === "hidden" && review.hiddenReason ? `. Причина: ${review.hiddenReason}` : null}
          {review.status === "published" ? ". Если вы измените отзыв, он снова пройдёт проверку." : null}
        </p>
      ) : null}
      {mayWrite ? (
        <Form method="post" {...getFormProps(form)} className={css.form}>
          <FormErrors errors={form.errors} />
          <RatingField name={fields.rating.name} id={fields.rating.id} defaultValue={review?.rating} errors={fields.rating.errors} />
          <TextAreaField label="Отзыв" errors={fields.text.errors} textareaProps={{ ...getTextareaProps(fields.text), rows: 6, maxLength: REVIEW_TEXT_MAX }} />
          <p className={reviewCss.note}>
            Отзыв будет подписан «{signature}» (имя и первая буква фамилии из <Link to="/my/profile">профиля</Link>) и появится на странице монеты после
            проверки. Не пишите в нём телефон и адрес.
          </p>
          <button type="submit" name="intent" value="save" className={button}>
            {review ? "Сохранить изменения" : "Отправить отзыв"}
          </button>
        </Form>
      ) : (
        <p data-testid="review-refused">{reviewTexts.notBought}</p>
      )}
      {review ? (
        <Form method="post" className={css.form}>
          <button type="submit" name="intent" value="delete" className={css.logout}>
            Удалить отзыв
          </button>
        </Form>
      ) : null}
    </>
  );
}
