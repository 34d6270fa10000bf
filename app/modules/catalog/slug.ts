/**
 * Latin slugs from Russian names, in the spelling the spec's addresses use
 * ("monety-georgiy-pobedonosec": й → y, ц → c).
 */
const letters: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "c",
  ч: "ch",
  ш: "sh",
  щ: "sch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

export function slugify(text: string): string {
  return [...text.toLowerCase()]
    .map((char) => letters[char] ?? char)
    .join("")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 96)
    .replace(/-+$/, "");
}

/** A coin's address part as the shop writes them: anything else (a hostile or mangled address) is not looked up. */
export function isCoinSlug(slug: string): boolean {
  return /^[a-z0-9][a-z0-9-]{0,127}$/.test(slug);
}
