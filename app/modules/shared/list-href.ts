/** The address of a page of a back-office list with the same filters: empty filters and page 1 left out. */
export function adminListHref(base: string, filters: Record<string, string | number | undefined | null>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (key !== "page" && value !== undefined && value !== null && value !== "") params.set(key, String(value));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** Empty fields of a GET form mean "no filter". */
export function filledFields(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries([...params].filter(([, value]) => value.trim() !== ""));
}
