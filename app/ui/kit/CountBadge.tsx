import { badge } from "./kit.css.ts";

/** The count on a header icon (spec section 2): hidden when zero. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={badge} data-testid="count-badge">
      {count > 99 ? "99+" : count}
    </span>
  );
}
