// The one syntax of a number in a measurement file's cell or a CLI option (a decimal point or,
// in the dialects that use one, a decimal comma), and why a cell is not one, for messages. Used
// by every text reader (wasm/text.js, text-dialect.js, lvm.js) and the CLI's options.
import { quoted } from './errors.js';

/**
 * The one syntax of a number in a CSV cell or a CLI option: an optional sign, digits with an
 * optional decimal point (or a point and digits), an optional exponent. JS Number() also takes
 * 0x1, 0b1, 0o7 and "Infinity", which no measurement file means as numbers.
 */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * A decimal number (surrounding blanks allowed), or NaN; 1e999 is Infinity. The same strings as
 * DECIMAL, checked faster (a reader calls this for every cell): only digits, signs, points, e/E
 * and blanks, not empty, and Number() of it not NaN (Number itself rejects "1e", "--1", "1.2.3",
 * "1 2" and trims the blanks; the characters exclude 0x1, 0b1, Infinity).
 */
export function parseDecimal(text) {
  const s = String(text);
  let digits = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) digits = true;
    else if (!(c === 43 || c === 45 || c === 46 || c === 101 || c === 69 || (c >= 9 && c <= 13) || c === 32 || c === 160 || c === 0xfeff)) return NaN;
  }
  return digits ? Number(s) : NaN;
}

/** A cell's number (a decimal comma read as a point when decimalComma), or NaN. */
export function cellNumber(cell, decimalComma) {
  const text = String(cell);
  return parseDecimal(decimalComma && text.includes(',') ? text.replace(',', '.') : text);
}

/** Why a cell is not a finite number, for "line 3, column q1 …". */
export function notANumber(cell, decimalComma) {
  const text = String(cell).trim();
  if (text === '') return 'is empty';
  if (/^[-+]?(nan|inf)/i.test(text)) return `is ${quoted(text)} (not finite)`;
  if (DECIMAL.test(decimalComma ? text.replace(',', '.') : text)) return `is ${quoted(text)} (beyond the largest double, 1.8e308)`;
  return `"${quoted(text)}" is not a number`;
}
