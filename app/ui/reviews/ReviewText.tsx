import { Fragment } from "react";

const addressPattern = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)»]/giu;

/**
 * A buyer's words: React escapes them; an address in them becomes a link that passes no
 * reputation and opens no window onto the shop (rel nofollow ugc, noopener), as search engines ask
 * of text written by visitors.
 */
export function ReviewText({ text }: { text: string }) {
  const parts: Array<{ link: boolean; value: string }> = [];
  let last = 0;
  for (const match of text.matchAll(addressPattern)) {
    if (match.index > last) parts.push({ link: false, value: text.slice(last, match.index) });
    parts.push({ link: true, value: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ link: false, value: text.slice(last) });
  return (
    <>
      {parts.map((part, index) =>
        part.link ? (
          <a key={index} href={part.value} rel="nofollow ugc noopener noreferrer">
            {part.value}
          </a>
        ) : (
          <Fragment key={index}>{part.value}</Fragment>
        ),
      )}
    </>
  );
}
