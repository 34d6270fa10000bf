import { data } from "react-router";

export const badFormMessage = "Неверный формат формы";

/**
 * The form a page posted. A body that is not a form (JSON, plain text, a broken multipart)
 * is the sender's mistake: a 400 with a Russian message, not a server error.
 */
export async function readFormBody(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(badFormMessage, { status: 400 });
  }
}
