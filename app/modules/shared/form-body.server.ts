import { data } from "react-router";

export const badFormMessage = "Неверный формат формы";
export const forbiddenCharactersMessage = "Форма содержит недопустимые символы";
const conformFields = ["__intent__", "__state__"];

/**
 * The form a page posted. A body that is not a form (JSON, plain text, a broken multipart)
 * is the sender's mistake: a 400 with a Russian message, not a server error. So is a NUL
 * character in a field: nobody types it, and PostgreSQL cannot store it in text. Conform's
 * own fields (`__intent__`, `__state__`: JSON its list buttons send, which no form here has)
 * are dropped, so their text never reaches conform's JSON.parse.
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
  for (const reserved of conformFields) form.delete(reserved);
  return form;
}
