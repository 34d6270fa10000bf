import { pageNotFound } from "#app/modules/shared/not-found.ts";
import type { Route } from "./+types/not-found";

/** Anything outside the route table (deeper than four segments, say) is the 404 page. */
export function loader({ url }: Route.LoaderArgs) {
  pageNotFound(url.pathname);
}

export default function NotFound() {
  return null;
}
