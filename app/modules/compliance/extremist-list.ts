import { parseDate, screeningKey } from "./identification.ts";

/**
 * The list of organisations and persons about whom there is information of involvement in
 * extremist activity or terrorism (115-FZ art. 6, 7.5), as Rosfinmonitoring publishes it to
 * the organisations it supervises: an XML file whose current part (`АктуальныйПеречень`) holds
 * one `Субъект` per entry; a person (`ФЛ`) has `ФИО` and `ДатаРождения`. Entries without a
 * person (organisations, `ЮЛ`) are not compared with buyers. Only what screening needs is read.
 */

export type ListPerson = { subjectId: string; fullName: string; birthDate: string | null; key: string | null };
export type ParsedList = { listDate: string | null; persons: ListPerson[]; organisations: number };

export class ListFormatError extends Error {
  override name = "ListFormatError";
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(value: string): string {
  return value
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
      if (name.startsWith("#x")) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name] ?? whole;
    })
    .trim();
}

/** The text of the first element of this name inside `xml` (no nesting of the same name is expected). */
function element(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? decode(match[1]!) : null;
}

function elements(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, "g"))].map((match) => match[1]!);
}

/** "1975-03-14", "1975-03-14T00:00:00", "14.03.1975" → "1975-03-14"; anything else (a year alone) → null. */
function listDate(value: string | null): string | null {
  if (!value) return null;
  return parseDate(value.slice(0, 10)) ?? parseDate(value);
}

/** Reads the published XML; throws ListFormatError when it is not that list. */
export function parseExtremistList(xml: string): ParsedList {
  const text = xml.replace(/^\uFEFF/, "");
  if (!/<Субъект[\s>]/.test(text)) throw new ListFormatError("в файле нет ни одного элемента <Субъект>: это не перечень Росфинмониторинга");
  // The current list only: a file may also carry the entries excluded from it.
  const current =
    element(text, "АктуальныйПеречень") === null ? text : new RegExp("<АктуальныйПеречень[^>]*>([\\s\\S]*?)</АктуальныйПеречень>").exec(text)![1]!;
  const persons: ListPerson[] = [];
  let organisations = 0;
  for (const subject of elements(current, "Субъект")) {
    const person = element(subject, "ФЛ") === null ? null : new RegExp("<ФЛ[^>]*>([\\s\\S]*?)</ФЛ>").exec(subject)![1]!;
    if (person === null) {
      organisations += 1;
      continue;
    }
    const fullName = element(person, "ФИО");
    if (!fullName) continue;
    const birthDate = listDate(element(person, "ДатаРождения"));
    persons.push({ subjectId: element(subject, "ИдСубъекта") ?? "", fullName, birthDate, key: birthDate ? screeningKey(fullName, birthDate) : null });
  }
  return { listDate: listDate(element(text, "ДатаПеречня") ?? element(text, "ДатаАктуальногоПеречня")), persons, organisations };
}
