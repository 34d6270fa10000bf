import type { CriticalPathRewriter } from "./critical-path.server.ts";

/**
 * Where React's string renderer (`react-dom/server.bun`) writes a page: the calls it makes on
 * its destination. React's Node renderer encodes every piece of markup it writes (an attribute's
 * name, its quotes, its value) into a byte buffer of its own, one TextEncoder call each, a few
 * thousand a catalogue page; the string renderer hands the same pieces over as they are, and
 * this encodes what one flush wrote at once (docs/decisions/042-html-as-text-until-sent.md).
 */
export type HtmlDestination = {
  write(text: string): boolean;
  /** React has written all it can for now. */
  flush(): void;
  end(): void;
  /** A render that failed after the shell. */
  error(reason: unknown): void;
  on(event: string, listener: () => void): HtmlDestination;
};

const encoder = new TextEncoder();
/** Shared by every page: `utf8` uses it within one call. */
let scratch = new Uint8Array(64 * 1024);

/**
 * The text's UTF-8 bytes. Encoded into a scratch buffer of the worst-case size and copied out:
 * `Buffer.from(text)` counts the bytes in a pass of its own first, which for a page with
 * Cyrillic text took as long as the encoding (~0.3 ms for /catalog, against ~0.15 ms).
 */
function utf8(text: string): Buffer {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return Buffer.from(scratch.subarray(0, written));
}

export type HtmlStream = {
  /** For React's `pipe`. */
  destination: HtmlDestination;
  /** The page's bytes, one piece per flush of React's. */
  body: ReadableStream<Uint8Array>;
};

/**
 * A page as React writes it, on its way to the response: the text of one flush is gathered,
 * passed through `rewrite` (the critical-path rewrite) and sent on as one UTF-8 piece, so a
 * part that streams in later (deferred data) still leaves at once. A response the client
 * stops reading stops the render (React's "close" listener); `onEnd` runs once, however the
 * page ends.
 */
export function htmlStream({ rewrite, onEnd }: { rewrite?: CriticalPathRewriter; onEnd?: () => void }): HtmlStream {
  let text = "";
  let finished = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const closeListeners: (() => void)[] = [];

  const finish = () => {
    if (finished) return false;
    finished = true;
    onEnd?.();
    return true;
  };
  const send = (piece: string) => {
    if (piece) controller.enqueue(utf8(piece));
  };
  const takeText = () => {
    const written = text;
    text = "";
    return rewrite ? rewrite.write(written) : written;
  };

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      if (!finish()) return;
      text = "";
      for (const listener of closeListeners) listener();
    },
  });

  const destination: HtmlDestination = {
    write(piece) {
      if (!finished) text += piece;
      return true;
    },
    flush() {
      if (!finished) send(takeText());
    },
    end() {
      if (!finish()) return;
      send(takeText() + (rewrite ? rewrite.end() : ""));
      controller.close();
    },
    error(reason) {
      if (!finish()) return;
      text = "";
      controller.error(reason);
    },
    on(event, listener) {
      // "drain" never comes: every write is taken at once (the page is gathered in memory, as
      // React's own buffer held it); "error" is React's listener for a failing destination.
      if (event === "close") closeListeners.push(listener);
      return destination;
    },
  };

  return { destination, body };
}
