// Configuration files, and the files `${file:...}` reads, are UTF-8 (a byte order mark is
// fine). Anything else is refused at its first byte that is not UTF-8 text, by offset, line and
// column, with a hint when the file looks like UTF-16 or Latin-1: decoding it anyway would turn
// "Équipe" into "�quipe", or a UTF-16 file into a string of NUL characters.

import { Buffer, isUtf8 } from "node:buffer";

const BOM = [0xef, 0xbb, 0xbf];

/** The text, or where the first byte that is not UTF-8 text is, and what it seems to be. */
export type Decoded = { text: string } | { offset: number; line: number; column: number; reason: string };

/** The text of a file's bytes, or where and why they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): Decoded {
  const start = BOM.every((byte, i) => bytes[i] === byte) ? 3 : 0;
  const utf16 = utf16Order(bytes);
  if (utf16 !== undefined) {
    // A UTF-16 file is NUL bytes between its ASCII characters: its first NUL is where it stops.
    const bom = bytes[0] === 0xff || bytes[0] === 0xfe;
    const offset = bom ? 0 : bytes.indexOf(0);
    const reason = `byte ${offset} ${bom ? "starts a UTF-16 byte order mark" : "is a NUL"}; it looks like UTF-16 (${utf16})`;
    return { offset, ...place(bytes, start, offset), reason };
  }
  if (isUtf8(bytes))
    return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8", start) };
  const offset = firstInvalid(bytes, start);
  const byte = bytes[offset] as number;
  let reason = `byte ${offset} (0x${byte.toString(16).toUpperCase().padStart(2, "0")}) starts no UTF-8 character`;
  // In Latin-1 and Windows-1252 a byte is a character: most likely the one the author typed.
  const latin1 = new TextDecoder("windows-1252").decode(Uint8Array.of(byte));
  if (/[\p{L}\p{N}\p{P}\p{S}]/u.test(latin1))
    reason += `; it looks like Latin-1 or Windows-1252, where that byte is "${latin1}"`;
  return { offset, ...place(bytes, start, offset), reason };
}

/** "LE" or "BE" for a file with a UTF-16 byte order mark, or NUL bytes between most ASCII ones. */
function utf16Order(bytes: Uint8Array): "LE" | "BE" | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "LE";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "BE";
  const sample = Math.min(bytes.length, 1024) & ~1;
  let [evenNul, oddNul] = [0, 0];
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = sample / 2;
  if (pairs === 0) return undefined;
  if (oddNul > pairs / 2 && evenNul < pairs / 8) return "LE";
  if (evenNul > pairs / 2 && oddNul < pairs / 8) return "BE";
  return undefined;
}

/** The 1-based line and column (in characters) of `offset`, counted from `start`. */
function place(bytes: Uint8Array, start: number, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = start;
  for (let i = start; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const before = new TextDecoder("utf-8").decode(bytes.subarray(lineStart, offset));
  return { line, column: before.length + 1 };
}

/** The offset of the first byte that starts no well-formed UTF-8 sequence (there is one). */
function firstInvalid(bytes: Uint8Array, start: number): number {
  let i = start;
  while (i < bytes.length) {
    const [length, low, high] = sequence(bytes[i] as number);
    const second = length === 1 ? low : (bytes[i + 1] ?? -1);
    if (length === 0 || second < low || second > high) return i;
    for (let k = 2; k < length; k++) {
      const next = bytes[i + k] ?? -1;
      if (next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return i;
}

/** For a first byte: the length of its sequence and the range its second byte must be in
 * (Unicode, table 3-7); length 0 for a byte that starts none. */
function sequence(byte: number): [number, number, number] {
  if (byte < 0x80) return [1, 0, 0];
  if (byte >= 0xc2 && byte <= 0xdf) return [2, 0x80, 0xbf];
  if (byte === 0xe0) return [3, 0xa0, 0xbf];
  if (byte === 0xed) return [3, 0x80, 0x9f];
  if (byte >= 0xe1 && byte <= 0xef) return [3, 0x80, 0xbf];
  if (byte === 0xf0) return [4, 0x90, 0xbf];
  if (byte >= 0xf1 && byte <= 0xf3) return [4, 0x80, 0xbf];
  if (byte === 0xf4) return [4, 0x80, 0x8f];
  return [0, 0, 0];
}
