import { accountUser } from "#app/modules/auth/require-user.server.ts";
import { exportAccountData } from "#app/modules/consents/account-data.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import type { Route } from "./+types/privacy-export";

/** 'Скачать мои данные': the buyer's data as one JSON file (a download; it changes nothing). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = accountUser(context);
  const data = await exportAccountData(context.get(databaseContext).db, user);
  const day = data.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="aurum-my-data-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
