import type { CriticalPathRewriter } from "./critical-path.server.ts";

/**
 * Where React's string renderer (`react-dom/server.bun`) writes a page: the calls it makes on
 * its destination. React's Node renderer encodes every piece of markup it writes (an attribute's
 * name, its quotes, its value) into a byte buffer of its own, one TextEncoder call each, a few
 * thousand a catalogue page; the string renderer hands the same pieces over as they are, and
 * this encodes them a few thousand at a time (docs/decisions/042-html-as-text-until-sent.md).
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

/**
 * The destination as the string renderer's `pipe` is typed: @types/react-dom gives
 * `react-dom/server.bun` the Node renderer's types, a Writable, where it calls only the methods above.
 */
export function asPipeTarget(destination: HtmlDestination): NodeJS.WritableStream {
  return destination as unknown as NodeJS.WritableStream;
}

const encoder = new TextEncoder();
/** Shared by every page: `utf8` uses it within one call. */
let scratch = new Uint8Array(64 * 1024);

/**
 * The text's UTF-8 bytes. Encoded into a scratch buffer of the worst-case size and copied out:
 * `Buffer.from(text)` counts the bytes in a pass of its own first, which for a page with
 * Cyrillic text took as long as the encoding.
 */
function utf8(text: string): Buffer {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return Buffer.from(scratch.subarray(0, written));
}

/**
 * The text written so far is rewritten and encoded every this many characters, not at the end
 * of the flush: a string of a few thousand short pieces is cheaper to search and encode than
 * one of the whole page's ~17,000, and one without Cyrillic text stays one byte per character.
 */
const ENCODE_EVERY = 16 * 1024;

export type HtmlStream = {
  /** For React's `pipe`. */
  destination: HtmlDestination;
  /** The page's bytes, one piece per flush of React's. */
  body: ReadableStream<Uint8Array>;
};

/**
 * A page as React writes it, on its way to the response: the text is passed through `rewrite`
 * (the critical-path rewrite) and encoded as it grows, and what one flush wrote is sent on as
 * one UTF-8 piece, so a part that streams in later (deferred data) still leaves at once. A
 * response the client stops reading stops the render (React's "close" listener); `onEnd` runs
 * once, however the page ends.
 */
export function htmlStream({ rewrite, onEnd }: { rewrite?: CriticalPathRewriter; onEnd?: () => void }): HtmlStream {
  let text = "";
  let encoded: Buffer[] = [];
  let finished = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const closeListeners: (() => void)[] = [];

  const finish = () => {
    if (finished) return false;
    finished = true;
    onEnd?.();
    return true;
  };
  const encodeText = (last = false) => {
    const out = rewrite ? rewrite.write(text) + (last ? rewrite.end() : "") : text;
    text = "";
    if (out) encoded.push(utf8(out));
  };
  const send = () => {
    if (encoded.length > 0) controller.enqueue(encoded.length === 1 ? encoded[0]! : Buffer.concat(encoded));
    encoded = [];
  };

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      if (!finish()) return;
      text = "";
      encoded = [];
      for (const listener of closeListeners) listener();
    },
  });

  const destination: HtmlDestination = {
    write(piece) {
      if (finished) return true;
      text += piece;
      if (text.length >= ENCODE_EVERY) encodeText();
      return true;
    },
    flush() {
      if (finished) return;
      encodeText();
      send();
    },
    end() {
      if (!finish()) return;
      encodeText(true);
      send();
      controller.close();
    },
    error(reason) {
      if (!finish()) return;
      text = "";
      encoded = [];
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
