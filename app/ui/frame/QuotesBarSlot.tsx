import { Link } from "react-router";
import { Container } from "../kit/Container.tsx";
import { quotesInner, quotesSlot, quotesSlotLargeOnly } from "./frame.css.ts";

/**
 * The place of the metal quotes bar in the header. Its figures come from the
 * quotes module; until it has them the bar links to the quotes page.
 */
export function QuotesBarSlot({ largeScreensOnly }: { largeScreensOnly: boolean }) {
  return (
    <div className={largeScreensOnly ? `${quotesSlot} ${quotesSlotLargeOnly}` : quotesSlot} data-testid="quotes-bar">
      <Container className={quotesInner}>
        <Link to="/quotes-online">Котировки золота и серебра онлайн</Link>
      </Container>
    </div>
  );
}
