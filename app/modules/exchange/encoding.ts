/**
 * windows-1251, which 1C and older exchange set-ups still read and write beside UTF-8. Node
 * decodes it (TextDecoder) but has no encoder: the table is built from the decoder, so every
 * character of the code page (Cyrillic, «», №, —) maps back; anything else becomes "?".
 */
let table: Map<string, number> | undefined;

function encoderTable(): Map<string, number> {
  if (table) return table;
  const decoder = new TextDecoder("windows-1251");
  table = new Map();
  for (let byte = 0x80; byte <= 0xff; byte++) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return table;
}

export function encodeWindows1251(text: string): Buffer {
  const map = encoderTable();
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes.push(code < 0x80 ? code : (map.get(char) ?? 0x3f));
  }
  return Buffer.from(bytes);
}
