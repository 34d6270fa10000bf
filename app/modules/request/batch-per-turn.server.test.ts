import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { batchPerTurn } from "./batch-per-turn.server.ts";

/** Collects what leaves the stream, piece by piece. */
function received(stream: ReturnType<typeof batchPerTurn>): string[] {
  const pieces: string[] = [];
  stream.on("data", (piece: Buffer) => pieces.push(piece.toString("utf8")));
  return pieces;
}

describe("batchPerTurn", () => {
  it("passes on the pieces written in one turn as one piece, in order, and the bytes unchanged", async () => {
    const stream = batchPerTurn();
    const pieces = received(stream);
    // A Russian text split inside a character: the bytes go on as they came.
    const text = Buffer.from("<p>Золото ₽</p>".repeat(300));
    for (let start = 0; start < text.length; start += 2048) stream.write(text.subarray(start, start + 2048));
    expect(pieces).toEqual([]);
    await nextTurn();
    expect(pieces).toEqual([text.toString("utf8")]);
  });

  it("does not hold back a part that comes in a later turn (a streamed part leaves at once)", async () => {
    const stream = batchPerTurn();
    const pieces = received(stream);
    stream.write(Buffer.from("<html>shell"));
    await nextTurn();
    stream.write(Buffer.from("<template>deferred part</template>"));
    await nextTurn();
    expect(pieces).toEqual(["<html>shell", "<template>deferred part</template>"]);
  });

  it("sends what is left when the page ends in the same turn, and nothing after being destroyed", async () => {
    const ended = batchPerTurn();
    const endedPieces = received(ended);
    ended.write(Buffer.from("<p>last</p>"));
    ended.end(Buffer.from("</html>"));
    await new Promise((resolve) => ended.once("end", resolve));
    expect(endedPieces.join("")).toBe("<p>last</p></html>");

    const destroyed = batchPerTurn();
    const destroyedPieces = received(destroyed);
    destroyed.write(Buffer.from("<p>never sent</p>"));
    destroyed.destroy();
    await nextTurn();
    await nextTurn();
    expect(destroyedPieces).toEqual([]);
  });
});
