/**
 * The one shape of a domain failure (docs/decisions/045-one-failure-shape.md).
 *
 * A refusal the caller shows or branches on is a value: `{ ok: false, reason }` beside the
 * operation's `{ ok: true, … }`. `reason` is the Russian sentence a page shows, or a literal
 * union when the caller picks the words itself; more fields only when the caller needs them.
 */
export type Refusal = { ok: false; reason: string };

/** What an operation that may be refused answers: its result with `ok: true`, or a refusal. */
export type Outcome<T extends object = object> = ({ ok: true } & T) | Refusal;

/**
 * A refusal thrown rather than returned: where it must roll back a transaction or cross
 * several calls to the handler. `code` and `status` are what /api answers (domainErrorResponse
 * in shared/api.ts), the message is the Russian sentence a page shows.
 */
export class DomainError extends Error {
  override name = "DomainError";
  readonly code: string;
  readonly status: number;
  /** When the refusal is a wait (a rate limit): the seconds until a retry may succeed. */
  readonly retryAfterSeconds: number | undefined;
  constructor(code: string, message: string, status = 400, retryAfterSeconds?: number) {
    super(message);
    this.code = code;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
