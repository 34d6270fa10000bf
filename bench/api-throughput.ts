// Throughput of the two hottest non-page requests, with autocannon (10 connections):
// GET /api/courses (the quotes bar polls it; answered from memory between refreshes) and
// adding a coin to the cart as the enhanced form does (POST /cart.data: a transaction that
// locks the product row, checks the stock and upserts the line). Same machine as the server.
import { measureLoad } from "./autocannon.ts";
import { apiBudgets } from "./budgets.ts";
import { BROWSER_UA } from "./page-weight.ts";
import type { Bench } from "./types.ts";

// One visitor adds the same coin again and again: past the stock the line stays capped,
// but every request still runs the whole locked check, which is what is measured.
const VISITOR = "0b6f2d3e-8a41-4c1b-9d5e-6f7a8b9c0d1e";

export const apiThroughput: Bench = {
  name: "API throughput",
  async run({ baseUrl }) {
    const courses = await measureLoad(
      "GET /api/courses",
      { url: `${baseUrl}/api/courses`, headers: { "User-Agent": BROWSER_UA, "Accept-Encoding": "gzip" } },
      apiBudgets.courses,
    );
    const addToCart = await measureLoad(
      "POST /cart (add to cart)",
      {
        url: `${baseUrl}/cart.data`,
        method: "POST",
        body: new URLSearchParams({ intent: "add", productId: "2", quantity: "1", _fetcher: "1" }).toString(),
        headers: {
          "User-Agent": BROWSER_UA,
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: `uuid=${VISITOR}`,
          Origin: baseUrl,
        },
      },
      apiBudgets.addToCart,
    );
    return [...courses, ...addToCart];
  },
};
