// The numbers of a row of a text record read straight from the line's characters (wasm/text.js
// RowReader): no split into cells, no string per cell. The values are exactly those of Number()
// on each cell (cell-number.js parseDecimal): a cell m·10^e with an integer m < 2^53 (up to 15
// digits) and |e| <= 22 is m * 10^e or m / 10^-e of two exact doubles, one correctly rounded
// operation, hence the double nearest the decimal, as Number() gives it (Clinger 1990, "How to
// read floating point numbers accurately", PLDI, the fast path); any other cell (more digits, a
// larger exponent) is Number() of its text. A line it cannot read (blanks, quotes, an empty or
// non-numeric cell, another count of cells) is left to the general reader, which reads it or says
// what is wrong, so the messages stay the general reader's.

/** 10^k for k = 0..22, each exact (built by exact multiplications, not Math.pow). */
const POW10 = new Float64Array(23);
POW10[0] = 1;
for (let k = 1; k < POW10.length; k++) POW10[k] = POW10[k - 1] * 10;

/** Largest mantissa that may take one more digit and stay below 2^53 (9.007e15). */
const MANTISSA_LIMIT = 9e14;

// Where the last cell read by scanNumber ended (the index of its delimiter, or the line's end).
let cellEnd = 0;

/**
 * The number written in s[i, end) up to the character code `stop` (the delimiter) or `end`:
 * [+-]digits[.digits][(e|E)[+-]digits], with a decimal comma as the point when `comma` (and the
 * delimiter is not a comma); NaN when the cell is anything else or not finite (the general
 * reader then reads it). The index where the cell ended is left in cellEnd.
 */
export function scanNumber(s, i, end, stop, comma) {
  const start = i;
  let c = i < end ? s.charCodeAt(i) : -1;
  let negative = false;
  if (c === 45 || c === 43) {
    negative = c === 45;
    c = ++i < end ? s.charCodeAt(i) : -1;
  }
  let m = 0, digits = 0, scale = 0, exact = true;
  for (; c >= 48 && c <= 57; c = ++i < end ? s.charCodeAt(i) : -1, digits++) {
    if (m < MANTISSA_LIMIT) m = m * 10 + (c - 48);
    else exact = false;
  }
  if (c === 46 || (c === 44 && comma && stop !== 44)) {
    c = ++i < end ? s.charCodeAt(i) : -1;
    for (; c >= 48 && c <= 57; c = ++i < end ? s.charCodeAt(i) : -1, digits++) {
      if (m < MANTISSA_LIMIT) { m = m * 10 + (c - 48); scale--; } else exact = false;
    }
  }
  if (digits === 0) return NaN;
  if (c === 101 || c === 69) {
    c = ++i < end ? s.charCodeAt(i) : -1;
    let minus = false;
    if (c === 45 || c === 43) {
      minus = c === 45;
      c = ++i < end ? s.charCodeAt(i) : -1;
    }
    let e = 0, eDigits = 0;
    for (; c >= 48 && c <= 57; c = ++i < end ? s.charCodeAt(i) : -1, eDigits++) if (e < 1e6) e = e * 10 + (c - 48);
    if (eDigits === 0) return NaN;
    scale += minus ? -e : e;
  }
  if (c !== stop && c !== -1) return NaN;
  cellEnd = i;
  if (exact && scale >= -22 && scale <= 22) {
    const x = scale < 0 ? m / POW10[-scale] : m * POW10[scale];
    return negative ? -x : x;
  }
  const text = s.slice(start, i);
  const x = Number(comma ? text.replace(',', '.') : text);
  return Number.isFinite(x) ? x : NaN;
}

/**
 * Reads the cells of `line` separated by `delimiter` (one character, not a blank) into row[k] for
 * each column k with keep[k] (the others skipped); a delimiter may end the line; the line may
 * have minCells to keep.length cells when the missing ones are not kept. Returns false, row
 * partly written, when the line is not such a row of finite numbers: the general reader's case.
 */
export function scanRow(line, delimiter, comma, keep, minCells, row) {
  const n = keep.length, end = line.length, stop = delimiter.charCodeAt(0);
  let i = 0, k = 0;
  for (;;) {
    if (k === n) return false;  // more cells than columns
    if (keep[k]) {
      const x = scanNumber(line, i, end, stop, comma);
      if (x !== x) return false;  // NaN
      row[k] = x;
      i = cellEnd;
    } else {
      const j = line.indexOf(delimiter, i);
      i = j < 0 ? end : j;
    }
    k++;
    if (i >= end) break;
    i++;  // past the delimiter
    if (i === end && k === n) break;  // a delimiter ending the line
  }
  if (k < minCells) return false;
  for (let j = k; j < n; j++) if (keep[j]) return false;
  return true;
}
