/** Every back-office page: its title and no indexing (the header says so too). */
export function adminMeta(title: string) {
  return [{ title: `${title} — Аурум, управление` }, { name: "robots", content: "noindex, nofollow" }];
}
