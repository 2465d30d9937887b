// What makes bytes a text record before any line is read: the decoding by byte-order mark,
// binary data refused (NUL or many control characters), the longest line accepted.
import { MechidError } from './errors.js';

const bad = (message) => new MechidError('bad-input', message);

/**
 * The first line longer than this is refused before parsing (characters): a header of 1 Mi
 * characters has > 100 000 columns of 10-character names, more than any guard lets identify; a
 * 50 MB file without a line break otherwise costs seconds and ~700 MB to say so (probe item 5).
 */
export const MAX_HEADER_CHARS = 2 ** 20;

/**
 * Text that is not a CSV: NUL characters (binary data, or UTF-16 read without its byte-order
 * mark) or many other control characters. A few stray controls (an ESC in a header cell) are
 * text: the messages escape them. Checked on the first 64 KiB.
 */
const BINARY_SAMPLE = 65536;
/**
 * Share of control characters (not tab, CR, LF) above which text is binary (text has ~none;
 * random bytes ~12 %), once there are at least MIN_CONTROLS of them (an ESC sequence or two in a
 * header is text, shown escaped).
 */
const MAX_CONTROL_SHARE = 0.01;
const MIN_CONTROLS = 32;

export function checkText(text, source) {
  const sample = text.slice(0, BINARY_SAMPLE);
  const controls = sample.match(/[\u0000-\u0008\u000b\u000e-\u001f\ufffd]/g) ?? [];
  const nuls = controls.filter((c) => c === '\u0000').length;
  if (nuls === 0 && (controls.length < MIN_CONTROLS || controls.length <= MAX_CONTROL_SHARE * sample.length)) return;
  const hint = nuls > 0.3 * sample.length
    ? 'it looks like UTF-16 without a byte-order mark: save it as UTF-8 (or UTF-16 with a BOM)'
    : 'export the measurements as CSV text';
  throw bad(`${source}: not a text file (it holds binary data: NUL or other control characters); ${hint}`);
}

/**
 * A file's bytes as text, decoded by its byte-order mark as a browser's FileReader does: UTF-16LE
 * (FF FE), UTF-16BE (FE FF), otherwise UTF-8 (its BOM dropped; invalid bytes become U+FFFD).
 * {text, encoding}.
 */
export function decodeText(bytes) {
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const bom = b.length >= 2 ? (b[0] << 8) | b[1] : 0;
  const encoding = bom === 0xfffe ? 'utf-16le' : bom === 0xfeff ? 'utf-16be' : 'utf-8';
  return { text: new TextDecoder(encoding).decode(b), encoding };
}
