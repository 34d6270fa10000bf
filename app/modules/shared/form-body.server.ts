import { data } from "react-router";

export const badFormMessage = "Неверный формат формы";
export const forbiddenCharactersMessage = "Форма содержит недопустимые символы";

/**
 * The form a page posted. A body that is not a form (JSON, plain text, a broken multipart)
 * is the sender's mistake: a 400 with a Russian message, not a server error. So is a NUL
 * character in a field: nobody types it, and PostgreSQL cannot store it in text.
 */
export async function readFormBody(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(badFormMessage, { status: 400 });
  }
  for (const [, value] of form) {
    if (typeof value === "string" && value.includes("\u0000")) throw data(forbiddenCharactersMessage, { status: 400 });
  }
  return form;
}
