/**
 * «Сто пятьдесят восемь тысяч четыреста рублей 00 копеек»: the sum in words that a Russian invoice
 * and a УПД print under the total. Roubles in words, kopecks in digits, each noun agreeing with its
 * number (тысяча is feminine: «одна тысяча», «две тысячи»).
 */

const units = {
  masculine: ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"],
  feminine: ["", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"],
};
const teens = ["десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"];
const tens = ["", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто"];
const hundreds = ["", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот", "восемьсот", "девятьсот"];

type Noun = { one: string; few: string; many: string; feminine: boolean };
const scales: Noun[] = [
  { one: "", few: "", many: "", feminine: false },
  { one: "тысяча", few: "тысячи", many: "тысяч", feminine: true },
  { one: "миллион", few: "миллиона", many: "миллионов", feminine: false },
  { one: "миллиард", few: "миллиарда", many: "миллиардов", feminine: false },
];
const rouble: Noun = { one: "рубль", few: "рубля", many: "рублей", feminine: false };
const kopeck: Noun = { one: "копейка", few: "копейки", many: "копеек", feminine: true };

/** The noun's form for a count: 1, 21 рубль; 2–4, 22 рубля; 0, 5–20, 25 рублей. */
export function pluralForm(count: number, noun: Pick<Noun, "one" | "few" | "many">): string {
  const lastTwo = count % 100;
  const last = count % 10;
  if (lastTwo >= 11 && lastTwo <= 19) return noun.many;
  if (last === 1) return noun.one;
  if (last >= 2 && last <= 4) return noun.few;
  return noun.many;
}

function triadInWords(triad: number, feminine: boolean): string[] {
  const words = [hundreds[Math.floor(triad / 100)]!];
  const rest = triad % 100;
  if (rest >= 10 && rest < 20) words.push(teens[rest - 10]!);
  else words.push(tens[Math.floor(rest / 10)]!, (feminine ? units.feminine : units.masculine)[rest % 10]!);
  return words.filter(Boolean);
}

/** A sum in kopecks (0 up to 999 999 999 999 roubles) in words, capitalised, as an invoice prints it. */
export function amountInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0 || kopecks >= 1e14) throw new RangeError(`Not a sum in kopecks: ${kopecks}`);
  const roubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  const words: string[] = [];
  if (roubles === 0) words.push("ноль");
  for (let scale = scales.length - 1; scale >= 0; scale--) {
    const triad = Math.floor(roubles / 1000 ** scale) % 1000;
    if (triad === 0) continue;
    words.push(...triadInWords(triad, scales[scale]!.feminine));
    if (scale > 0) words.push(pluralForm(triad, scales[scale]!));
  }
  const text = `${words.join(" ")} ${pluralForm(roubles, rouble)} ${String(cents).padStart(2, "0")} ${pluralForm(cents, kopeck)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
