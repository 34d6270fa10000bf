// What a browser without JavaScript posts for a page's form: every named field with its value
// as rendered (checked radios and checkboxes only, textareas' text), so a test changes only what
// the buyer changes ("tick 'Курьер СДЭК'", "type 2 in the quantity") and posts the rest as shown.
import { attribute, decodeEntities, tags } from "./html.ts";

/** The fields of the POST form with this action (inputs joined to another form by form="…" left out). */
export function pageForm(html: string, action: string): Record<string, string> {
  const form = tags(html, "form").find((tag) => attribute(tag, "method") === "post" && attribute(tag, "action") === action);
  if (!form) throw new Error(`no POST form to ${action}`);
  const start = html.indexOf(form);
  const end = html.indexOf("</form>", start);
  const body = html.slice(start, end);
  const fields: Record<string, string> = {};
  for (const tag of tags(body, "input")) {
    const name = attribute(tag, "name");
    const type = attribute(tag, "type") ?? "text";
    if (!name || attribute(tag, "form") || /\sdisabled(=|\s|>|\/)/.test(tag)) continue;
    if ((type === "radio" || type === "checkbox") && !/\schecked(=|\s|>|\/)/.test(tag)) continue;
    if (type === "submit" || type === "button") continue;
    fields[name] = attribute(tag, "value") ?? (type === "checkbox" || type === "radio" ? "on" : "");
  }
  for (const match of body.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(`<textarea${match[1]}>`, "name");
    if (name) fields[name] = decodeEntities(match[2]!).replace(/^\n/, "");
  }
  return fields;
}

/** The value of the checked radio named `name`, or undefined. */
export function checkedRadio(html: string, name: string): string | undefined {
  const tag = tags(html, "input").find((candidate) => attribute(candidate, "name") === name && /\schecked(=|\s|>|\/)/.test(candidate));
  return tag ? attribute(tag, "value") : undefined;
}
