/** The id of the build this server runs; the browser compares it with its own every hour. */
export function loader() {
  return Response.json({ buildId: __BUILD_ID__ }, { headers: { "Cache-Control": "no-store" } });
}
