import { describe, expect, it } from "vitest";
import { withTempDatabase } from "#tests/support/temp-database.ts";
import { SmsSendError, type SmsGateway, type SmsMessage } from "../sms/sms.ts";
import { AuthError } from "./codes.server.ts";
import { SESSION_TTL_MS, userBySessionToken } from "./sessions.server.ts";
import { saveRegistration, sendSignInCode, signInWithCode, signOut, type AuthDeps } from "./sign-in.server.ts";

const sent: SmsMessage[] = [];
let failNext = false;
const gateway: SmsGateway = {
  id: "file",
  async send(message) {
    if (failNext) {
      failNext = false;
      throw new SmsSendError("down", { gateway: "file", kind: "unavailable", retryable: true });
    }
    sent.push(message);
  },
};
let deps: AuthDeps;

const database = withTempDatabase("sign-in-test", async ({ db }) => {
  deps = { db, secret: "k".repeat(40), sms: gateway };
});

const lastCode = () => sent.at(-1)!.code!;
const request = (phone: string) => ({ phone, visitor: "visitor:v1" as const, ip: "10.1.1.1", userAgent: "test" });

describe("sign-in", () => {
  it("creates a new buyer who must complete the profile, then lets them straight in next time", async () => {
    const { codeId } = await sendSignInCode(deps, "+79170000001", "10.1.1.1");
    expect(sent.at(-1)!.text).toContain(lastCode());
    const first = await signInWithCode(deps, { ...request("+79170000001"), codeId, code: lastCode() });
    expect(first.needsProfile).toBe(true);
    await saveRegistration(database.handle.db, first.user.id, { fullName: "Иванов Иван", email: "ivan@example.ru" });

    // The next sign-in (a code issued two minutes later) needs no step 3 and gets a new token.
    const issuedLater = await import("./codes.server.ts").then((m) =>
      m.issueCode(database.handle.db, deps.secret, "+79170000001", "10.1.1.1", new Date(Date.now() + 121_000)),
    );
    const second = await signInWithCode(deps, { ...request("+79170000001"), codeId: issuedLater.codeId, code: issuedLater.code, previousToken: first.token });
    expect(second.needsProfile).toBe(false);
    expect(second.user.id).toBe(first.user.id);
    expect(second.token).not.toBe(first.token);
    expect(await userBySessionToken(database.handle.db, first.token)).toBeUndefined();
    expect((await userBySessionToken(database.handle.db, second.token))?.id).toBe(first.user.id);
    // A session lives SESSION_TTL_MS: a moment before its end it is the buyer's, at its end nobody's.
    const almostExpired = new Date(Date.now() + SESSION_TTL_MS - 60_000);
    expect((await userBySessionToken(database.handle.db, second.token, almostExpired))?.id).toBe(first.user.id);
    expect(await userBySessionToken(database.handle.db, second.token, new Date(Date.now() + SESSION_TTL_MS + 1_000))).toBeUndefined();

    await signOut(database.handle.db, second.token, "visitor:v1");
    expect(await userBySessionToken(database.handle.db, second.token)).toBeUndefined();
  });

  it("tells the buyer when the SMS fails, and leaves no code behind", async () => {
    failNext = true;
    const error = await sendSignInCode(deps, "+79170000002", "10.1.1.1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(502);
    expect((error as AuthError).message).toBe("Не удалось отправить SMS. Попробуйте ещё раз через минуту");
    await sendSignInCode(deps, "+79170000002", "10.1.1.1");
    expect(sent.at(-1)!.to).toBe("+79170000002");
  });
});
