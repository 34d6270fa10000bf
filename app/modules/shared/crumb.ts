/** One step of a page's breadcrumbs: its name and address (the trail, its JSON-LD, the catalogue's sections). */
export type Crumb = { name: string; href: string };
