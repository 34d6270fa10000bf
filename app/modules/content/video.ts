/**
 * Videos of articles: the page of a video on Rutube, VK Video or YouTube, and the player
 * address embedded in the 'video' modal (spec section 2). Only these players are ever
 * embedded; any other address is refused when content is imported.
 */
export type VideoEmbed = { provider: "Rutube" | "VK Видео" | "YouTube"; pageUrl: string; embedUrl: string };

export function videoEmbed(pageUrl: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(pageUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.replace(/^www\./, "");
  const href = url.href;

  if (host === "rutube.ru") {
    const id = /^\/(?:video|play\/embed)\/([0-9a-f]{32})\/?$/.exec(url.pathname)?.[1];
    return id ? { provider: "Rutube", pageUrl: href, embedUrl: `https://rutube.ru/play/embed/${id}` } : null;
  }
  if (host === "vk.com" || host === "vkvideo.ru") {
    const match = /^\/video(-?\d{1,12})_(\d{1,12})\/?$/.exec(url.pathname);
    return match ? { provider: "VK Видео", pageUrl: href, embedUrl: `https://vk.com/video_ext.php?oid=${match[1]}&id=${match[2]}&hd=2` } : null;
  }
  if (host === "youtube.com" || host === "m.youtube.com" || host === "youtu.be") {
    const id =
      host === "youtu.be"
        ? url.pathname.slice(1)
        : url.pathname === "/watch"
          ? url.searchParams.get("v")
          : /^\/(?:embed|shorts|live)\/([^/]+)$/.exec(url.pathname)?.[1];
    return id && /^[\w-]{11}$/.test(id) ? { provider: "YouTube", pageUrl: href, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` } : null;
  }
  return null;
}
