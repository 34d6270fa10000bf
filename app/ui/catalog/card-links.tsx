import { createContext, type MouseEvent, type ReactNode, useContext } from "react";
import { type NavigateFunction, useNavigate } from "react-router";

/**
 * The router's navigate, once for every card on the page: a card's links are plain <a>, and a
 * plain click on one goes through the router as a <Link> would. A <Link> per card cost a
 * catalogue page 24 sets of the router's hooks at hydration on a slow phone (decision 063).
 */
const CardNavigation = createContext<NavigateFunction | null>(null);

export function CardLinksProvider({ children }: { children: ReactNode }) {
  return <CardNavigation value={useNavigate()}>{children}</CardNavigation>;
}

/**
 * The card's click handler: a plain left click on one of its same-site links navigates in the
 * page. A click with a modifier or another button, a link to another window, or a page without
 * the provider: the browser follows the link, as without JavaScript.
 */
export function useCardLinkClick(): ((event: MouseEvent<HTMLElement>) => void) | undefined {
  const navigate = useContext(CardNavigation);
  if (!navigate) return undefined;
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href?.startsWith("/") || href.startsWith("//") || link.target) return;
    event.preventDefault();
    void navigate(href);
  };
}
