import { data } from "react-router";
import { getConfig } from "#app/modules/config/config.server.ts";

/**
 * A page with nothing of the shop's but the root (decision 063): the same build's React,
 * React Router and root hydrating an empty body, measured beside the shop's pages by
 * bench/main-thread-trace.ts as the framework's floor. It answers only when the server runs
 * with BENCH_BLANK_PAGE=true (the bench's server); otherwise it is an ordinary 404.
 */
export function loader() {
  if (!getConfig().benchBlankPage) throw data("Страница не найдена", { status: 404 });
  return null;
}

export function meta() {
  return [{ title: "Пустая страница" }, { name: "robots", content: "noindex" }];
}

export default function BenchBlank() {
  return null;
}
