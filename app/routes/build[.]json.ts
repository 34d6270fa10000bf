/** The id of the build this server runs; the browser compares it with its own every hour. */
export function loader() {
  // Never stored (app/modules/request/cache-policy.ts): a cached answer would hide a new build.
  return Response.json({ buildId: __BUILD_ID__ });
}
