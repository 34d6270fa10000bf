import { useRef, useState } from "react";
import { videoEmbed } from "#app/modules/content/video.ts";
import { Icon } from "../kit/icons.tsx";
import { button, visuallyHidden } from "../kit/kit.css.ts";
import * as css from "./content.css.ts";

/**
 * The 'video' modal of spec section 2. Without JavaScript it is a plain link to the video's
 * page; with it, a click opens a dialog with the player, which is only loaded then and
 * removed again on close (so the video stops).
 */
export function VideoButton({ url, title }: { url: string; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const embed = videoEmbed(url);
  if (!embed) return null;
  return (
    <div className={css.videoButtonRow}>
      <a
        href={embed.pageUrl}
        target="_blank"
        rel="noopener"
        className={button}
        data-testid="video-link"
        onClick={(event) => {
          if (!dialog.current || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
          dialog.current.showModal();
        }}
      >
        ▶ Смотреть видео <span className={visuallyHidden}>на {embed.provider}</span>
      </a>
      <dialog ref={dialog} className={css.videoDialog} aria-label={`Видео: ${title}`} onClose={() => setOpen(false)} data-testid="video-modal">
        <button type="button" className={css.videoClose} onClick={() => dialog.current?.close()}>
          <Icon name="close" />
          <span className={visuallyHidden}>Закрыть</span>
        </button>
        {open ? (
          // oxlint-disable-next-line react/iframe-missing-sandbox -- one of three players (video.ts), cross-origin; the tokens each needs to play are unchecked
          <iframe
            className={css.videoFrame}
            src={embed.embedUrl}
            title={title}
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : null}
      </dialog>
    </div>
  );
}
