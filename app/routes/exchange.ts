import { answerExchange } from "#app/modules/exchange/endpoint.server.ts";
import { clientIp } from "#app/modules/request/client-ip.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import type { Route } from "./+types/exchange";

/**
 * /1c_exchange: the CommerceML 2 exchange with 1C and МойСклад (decision 048). 1C calls it with GET
 * (checkauth, init, import, query) and POST (file); both are answered by the exchange module in
 * the protocol's plain text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return answerExchange(context.get(databaseContext).db, request, clientIp(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerExchange(context.get(databaseContext).db, request, clientIp(request));
}
