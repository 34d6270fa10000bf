/**
 * The single-byte code pages Russian accounting software still reads and writes beside UTF-8:
 * windows-1251 (1C's exchange files, bank statements) and cp866 (statements marked DOS). Node
 * decodes them (TextDecoder) but has no encoder: each table is built from the decoder, so every
 * character of the code page (Cyrillic, «», №, —) maps back; anything else becomes "?".
 */
export type SingleByteEncoding = "windows-1251" | "ibm866";

const tables = new Map<SingleByteEncoding, Map<string, number>>();

function encoderTable(encoding: SingleByteEncoding): Map<string, number> {
  let table = tables.get(encoding);
  if (table) return table;
  const decoder = new TextDecoder(encoding);
  table = new Map();
  for (let byte = 0x80; byte <= 0xff; byte++) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  tables.set(encoding, table);
  return table;
}

export function encodeSingleByte(text: string, encoding: SingleByteEncoding): Buffer {
  const map = encoderTable(encoding);
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes.push(code < 0x80 ? code : (map.get(char) ?? 0x3f));
  }
  return Buffer.from(bytes);
}
