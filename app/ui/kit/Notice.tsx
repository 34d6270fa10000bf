import * as css from "./notice.css.ts";

/** The one-time notice after a form was sent (success or error), announced to screen readers. */
export function Notice({ kind, message }: { kind: "success" | "error"; message: string }) {
  return (
    <p className={css.notice[kind]} role={kind === "error" ? "alert" : "status"} data-testid="flash">
      {message}
    </p>
  );
}
