import { data } from "react-router";

/** A page form's body; one that cannot be read as a form is the sender's fault (400), never a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("Неверный формат формы", { status: 400 });
  }
}
