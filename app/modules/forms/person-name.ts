/**
 * People's names as a passport has them: one rule for the full name of
 * sign-in step 3 and /api/me, and for the separate surname, name and patronymic fields of
 * the profile and the checkout recipient. Pure, shared by the server and the page.
 *
 * What is accepted: Cyrillic or Latin letters (ё included), a hyphen or an apostrophe
 * between letters ("Салтыков-Щедрин", "д'Артаньян", "O'Neil"), single spaces between words.
 * Typing slips are mended before checking: runs of spaces, non-breaking spaces, spaces
 * around a hyphen, long dashes and typographic apostrophes. Anything else (digits, emoji,
 * dots, other scripts, a word mixing Russian and Latin letters) is refused with a message
 * that says why: a courier or a pickup point hands the parcel over only against a passport.
 *
 * A full name is read in the Russian order "Фамилия Имя Отчество" (spec section 3 keeps
 * lastName, name and secondName), with these readings where the order alone would be wrong:
 * - a Turkic patronymic ends in a particle ("Гейдар оглы", "Алиевна кызы"): the two words
 *   are the patronymic;
 * - three words whose second looks like a patronymic and whose last does not ("Иван
 *   Петрович Сидоров") are name, patronymic, surname;
 * - more than three words: the first is the surname, the last (or the particle pair) the
 *   patronymic, everything between the given name ("Петрова Анна Мария Ивановна").
 */

/** The longest surname, name or patronymic kept (the checkout's and the profile's field limit). */
export const NAME_PART_MAX = 60;
/** The longest full name accepted at step 3. */
export const FULL_NAME_MAX = 150;

export const nameTexts = {
  characters: "Только буквы (русские или латинские), дефис, апостроф и пробел — как в паспорте",
  joiners: "Дефис и апостроф ставятся только между буквами",
  mixedScripts: (word: string) => `В слове «${word}» смешаны русские и латинские буквы — проверьте раскладку`,
  tooLong: (max: number) => `Не больше ${max} символов`,
} as const;

/** Words that end a Turkic patronymic: "Гейдар оглы", "Алиевна кызы". */
const PATRONYMIC_PARTICLES: ReadonlySet<string> = new Set(["оглы", "оглу", "улы", "уулу", "кызы", "гызы", "кизи"]);
/** Russian patronymic endings: Иванович, Ильич, Ивановна, Ильинична, Никитична. */
const PATRONYMIC_ENDING = /(?:вич|ьич|вна|ична)$/i;

const LETTER = String.raw`(?:(?=\p{L})[\p{Script=Cyrillic}\p{Script=Latin}])`;
const ALLOWED = new RegExp(String.raw`^(?:${LETTER}|['\- ])*$`, "u");
/** A word: letters, joined by single hyphens or apostrophes. */
const WORD = new RegExp(String.raw`^${LETTER}+(?:['-]${LETTER}+)*$`, "u");
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * The name as it should be kept: NFC, whitespace of any kind collapsed to single spaces,
 * dashes to a hyphen without spaces around it, typographic apostrophes to "'".
 */
export function normalizeName(input: string): string {
  return (
    input
      .normalize("NFC")
      // Invisible characters a paste brings along (zero-width spaces, soft hyphens, BOM).
      .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, "")
      .replace(/[\u2010-\u2015\u2212\uFE63\uFF0D]/g, "-")
      .replace(/[\u2018\u2019\u02BC\u02B9\u0060\u00B4\u2032]/g, "'")
      .replace(/\s+/gu, " ")
      .trim()
      .replace(/ ?- ?/g, "-")
  );
}

/** Why a (normalised) name is refused, or null when it is a name a passport could carry. Empty text is not checked here. */
export function nameProblem(name: string): string | null {
  if (!ALLOWED.test(name)) return nameTexts.characters;
  for (const word of name.split(" ")) {
    if (!WORD.test(word)) return nameTexts.joiners;
    if (CYRILLIC.test(word) && LATIN.test(word)) return nameTexts.mixedScripts(word);
  }
  return null;
}

export type NameParts = { lastName: string; name: string; secondName: string };

const isParticle = (word: string | undefined) => word !== undefined && PATRONYMIC_PARTICLES.has(word.toLowerCase());
const looksPatronymic = (word: string | undefined) => word !== undefined && PATRONYMIC_ENDING.test(word);

/**
 * "Иванов Иван Иванович" → surname, name, patronymic (see the header for the other
 * readings). One word is the name alone; two are surname and name.
 */
export function splitFullName(fullName: string): NameParts {
  const words = normalizeName(fullName).split(" ").filter(Boolean);
  if (words.length === 3 && looksPatronymic(words[1]) && !looksPatronymic(words[2]) && !isParticle(words[2])) {
    return { lastName: words[2]!, name: words[0]!, secondName: words[1]! };
  }
  let patronymic: string[] = [];
  if (words.length >= 3) patronymic = words.splice(isParticle(words.at(-1)) ? -2 : -1);
  if (words.length === 1) return { lastName: "", name: words[0]!, secondName: patronymic.join(" ") };
  return { lastName: words[0] ?? "", name: words.slice(1).join(" "), secondName: patronymic.join(" ") };
}

/** Why a full name is refused (characters, or a part longer than a field keeps), or null. Empty text is not checked here. */
export function fullNameProblem(fullName: string): string | null {
  const name = normalizeName(fullName);
  if (name.length > FULL_NAME_MAX) return nameTexts.tooLong(FULL_NAME_MAX);
  const problem = nameProblem(name);
  if (problem) return problem;
  const parts = splitFullName(name);
  if (Object.values(parts).some((part) => part.length > NAME_PART_MAX)) return nameTexts.tooLong(NAME_PART_MAX);
  return null;
}

export function fullNameOf(parts: NameParts): string {
  return [parts.lastName, parts.name, parts.secondName].filter(Boolean).join(" ");
}
