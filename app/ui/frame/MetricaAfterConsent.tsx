import { useEffect } from "react";

/**
 * Starts the counter in the browser when the visitor accepted on this page (the snippet arrives
 * with the page's data; a script put into the page by React does not run). A page that came from
 * the server with the snippet already ran it.
 */
export function MetricaAfterConsent({ snippet }: { snippet: string | null }) {
  useEffect(() => {
    if (!snippet || "ym" in window) return;
    const script = document.createElement("script");
    script.text = snippet;
    document.head.appendChild(script);
  }, [snippet]);
  return null;
}
