import { z } from "zod";
import { cookieHeader, readCookie } from "../shared/cookies.ts";
import { metricaSnippet } from "./metrica-snippet.server.ts";

/**
 * The visitor's answer to the analytics cookie banner (152-FZ: Yandex Metrica's cookies and
 * identifiers are personal data, so the counter loads only after the visitor accepts). Kept one
 * year in this cookie; a request carrying it is personal (the page's banner and counter depend on it).
 */
export const ANALYTICS_CHOICE_COOKIE = "analytics_consent";
export const ANALYTICS_CHOICE_MAX_AGE = 31_536_000;

export const analyticsChoices = ["granted", "denied"] as const;
export type AnalyticsChoice = (typeof analyticsChoices)[number];

/** The banner's and /cookies' form: the choice, and where to go back to (or `_fetcher` for the banner's script). */
export const cookieChoiceFormSchema = z.object({
  choice: z.enum(analyticsChoices, { error: "Выберите «Принять» или «Отказаться»" }),
  _fetcher: z.string().optional(),
  redirectTo: z.string().optional(),
});

export function isAnalyticsChoice(value: unknown): value is AnalyticsChoice {
  return value === "granted" || value === "denied";
}

/** The choice the request carries; anything else (missing, edited by hand) is no choice. */
export function readAnalyticsChoice(request: Request): AnalyticsChoice | null {
  const value = readCookie(request.headers.get("Cookie"), ANALYTICS_CHOICE_COOKIE);
  return isAnalyticsChoice(value) ? value : null;
}

export function analyticsChoiceHeader(choice: AnalyticsChoice): string {
  return cookieHeader(ANALYTICS_CHOICE_COOKIE, choice, { maxAge: ANALYTICS_CHOICE_MAX_AGE });
}

/**
 * What the page carries for analytics: the banner only while a counter is configured and the
 * visitor has not answered; the counter's snippet only after the visitor accepted.
 */
export function analyticsView(counterId: string | undefined, choice: AnalyticsChoice | null): { banner: boolean; snippet: string | null } {
  const snippet = metricaSnippet(counterId);
  if (snippet === null) return { banner: false, snippet: null };
  return { banner: choice === null, snippet: choice === "granted" ? snippet : null };
}
