import { formatIssueDate, launchTexts, type LaunchInfo } from "#app/modules/launches/launch.ts";
import * as css from "./launch.css.ts";

/**
 * What an announcement says of a coin: «Скоро в продаже», the opening moment (Moscow time),
 * the issue date, the mintage, the expected price and the cap for one buyer. Plain text, so a
 * page without JavaScript says the same.
 */
export function LaunchFacts({ launch, coming, testId = "launch-facts" }: { launch: LaunchInfo; coming: boolean; testId?: string }) {
  if (!coming) return launch.buyerCap !== null ? <CapLine cap={launch.buyerCap} /> : null;
  return (
    <div className={css.coming} data-testid={testId}>
      <p className={css.badge}>{launchTexts.comingSoon}</p>
      <ul className={css.facts}>
        {launch.salesOpenAt ? <li data-testid="launch-opens">{launchTexts.opensAt(launch.salesOpenAt)}</li> : null}
        {launch.issueDate ? <li>Дата выпуска: {formatIssueDate(launch.issueDate)}</li> : null}
        {launch.mintage !== null ? <li data-testid="launch-mintage">{launchTexts.mintage(launch.mintage)}</li> : null}
        {launch.expectedPrice ? <li>Ожидаемая цена: {launch.expectedPrice}</li> : null}
      </ul>
      {launch.buyerCap !== null ? <CapLine cap={launch.buyerCap} /> : null}
    </div>
  );
}

/** «не более N шт. в одни руки»: on the coin page and in the cart. */
export function CapLine({ cap }: { cap: number }) {
  return (
    <p className={css.cap} data-testid="buyer-cap">
      Ограничение: {launchTexts.cap(cap)}
    </p>
  );
}
