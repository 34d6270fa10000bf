import type { RouterContextProvider } from "react-router";
import { getConfig } from "../config/config.server.ts";
import { databaseContext } from "../request/context.ts";
import { createSmsGateway } from "../sms/gateways.server.ts";
import type { SmsGateway } from "../sms/sms.ts";
import type { AuthDeps } from "./sign-in.server.ts";

let gateway: SmsGateway | undefined;

/** What sign-in needs for a request: the database, the secrets that key code hashes, the SMS gateway. */
export function authDeps(context: Readonly<RouterContextProvider>): AuthDeps {
  const config = getConfig();
  gateway ??= createSmsGateway(config.sms);
  return {
    db: context.get(databaseContext).db,
    secret: config.sessionSecrets,
    sms: gateway,
    codesPerIpPerHour: config.smsCodesPerIpPerHour,
    codeChecksPerIpPerHour: config.smsCodeChecksPerIpPerHour,
  };
}
