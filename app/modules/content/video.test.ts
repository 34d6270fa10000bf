import { describe, expect, it } from "vitest";
import { videoEmbed } from "./video.ts";

describe("videoEmbed", () => {
  it("embeds Rutube, VK Video and YouTube videos by their page address", () => {
    expect(videoEmbed("https://rutube.ru/video/4f1c2b9a7d3e48f0a5b6c7d8e9f0a1b2/")).toEqual({
      provider: "Rutube",
      pageUrl: "https://rutube.ru/video/4f1c2b9a7d3e48f0a5b6c7d8e9f0a1b2/",
      embedUrl: "https://rutube.ru/play/embed/4f1c2b9a7d3e48f0a5b6c7d8e9f0a1b2",
    });
    expect(videoEmbed("https://vk.com/video-12345_456239017")?.embedUrl).toBe("https://vk.com/video_ext.php?oid=-12345&id=456239017&hd=2");
    expect(videoEmbed("https://vkvideo.ru/video-1_2")?.provider).toBe("VK Видео");
    expect(videoEmbed("https://www.youtube.com/watch?v=dQw4w9WgXcQ")?.embedUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(videoEmbed("https://youtu.be/dQw4w9WgXcQ")?.embedUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });

  it("refuses anything else: other sites, plain http, odd paths, scripts", () => {
    for (const url of [
      "http://rutube.ru/video/4f1c2b9a7d3e48f0a5b6c7d8e9f0a1b2/",
      "https://rutube.ru.evil.example/video/4f1c2b9a7d3e48f0a5b6c7d8e9f0a1b2/",
      "https://rutube.ru/video/not-an-id/",
      "https://evil.example/embed/x",
      "https://www.youtube.com/watch?v=short",
      "javascript:alert(1)",
      "https://user@vk.com/video-1_2",
      "не адрес",
    ]) {
      expect(videoEmbed(url), url).toBeNull();
    }
  });
});
