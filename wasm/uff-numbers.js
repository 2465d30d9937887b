// The numbers of a universal file's data lines read straight from the bytes, without a string per
// line: record 12 of dataset 58 is most of a 200 MB file, and a string per line plus one per field
// (split) is where the reader's time and memory went. A field is a Fortran E/D/F number (also an
// exponent without its letter, "1.0-100", as Fortran writes exponents beyond 99); fields that run
// together ("-1.23456E-01-2.34567E-01", written by E formats with no blank column) make the line
// go to the caller's fixed-width reading.

// 10^k, exact as doubles for k <= 22 (Clinger's fast path: a mantissa below 2^53 times or divided
// by an exact power of ten is correctly rounded, so the value equals Number(text)).
const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
const DIGIT0 = 48, DOT = 46, PLUS = 43, MINUS = 45, SPACE = 32, TAB = 9, CR = 13;
const isBlank = (c) => c === SPACE || c === TAB || c === CR;
const latin1 = (bytes, a, b) => String.fromCharCode.apply(null, bytes.subarray(a, b));

/**
 * The number of bytes[a..b) (one field, no blanks), or NaN when it is not a Fortran number. The
 * exact fast path covers up to 15 significant digits and |exponent| <= 22; other fields go
 * through Number() on the text (also exact); NaN also for a text Number() reads as NaN.
 */
export function fieldNumber(bytes, a, b) {
  let i = a, negative = false;
  if (bytes[i] === PLUS || bytes[i] === MINUS) negative = bytes[i++] === MINUS;
  let mantissa = 0, digits = 0, scale = 0, any = false, dropped = false;
  for (; i < b; i++) {
    const d = bytes[i] - DIGIT0;
    if (d < 0 || d > 9) break;
    any = true;
    if (digits < 15) { mantissa = mantissa * 10 + d; if (mantissa > 0) digits++; } else { scale++; dropped = true; }
  }
  if (bytes[i] === DOT && i < b) {
    for (i++; i < b; i++) {
      const d = bytes[i] - DIGIT0;
      if (d < 0 || d > 9) break;
      any = true;
      if (digits < 15) { mantissa = mantissa * 10 + d; scale--; if (mantissa > 0) digits++; } else dropped = true;
    }
  }
  if (!any) return NaN;
  let exponent = 0;
  if (i < b) {
    const c = bytes[i] | 0x20;  // lower case
    if (c === 101 || c === 100) i++;  // e, d
    else if (bytes[i] !== PLUS && bytes[i] !== MINUS) return NaN;
    let sign = 1;
    if (bytes[i] === PLUS || bytes[i] === MINUS) sign = bytes[i++] === MINUS ? -1 : 1;
    if (i >= b) return NaN;
    for (; i < b; i++) {
      const d = bytes[i] - DIGIT0;
      if (d < 0 || d > 9) return NaN;
      if (exponent < 100000) exponent = exponent * 10 + d;
    }
    exponent *= sign;
  }
  const e = exponent + scale;
  let x;
  if (!dropped) {
    if (mantissa === 0) x = 0;
    else if (e >= 0 && e <= 22) x = mantissa * POW10[e];
    else if (e < 0 && e >= -22) x = mantissa / POW10[-e];
  }
  if (x === undefined) {
    const text = latin1(bytes, a, b).replace(/[dD]/, 'E').replace(/(\d|\.)([-+]\d+)$/, '$1E$2');
    x = Math.abs(Number(text.replace(/^[-+]/, '')));
  }
  return negative ? -x : x;
}

/**
 * The blank-separated numbers of bytes[a..b) (one line, without its LF) written into out[at...]
 * (at most `room` of them): their count, or -1 when a field is not a number (fields run together:
 * the caller reads the line by its fixed widths), or room + 1 when the line holds more than room.
 * One pass over the bytes: the common field (up to 15 significant digits, |exponent| <= 22) is
 * parsed here; any other goes through fieldNumber.
 */
export function scanNumbers(bytes, a, b, out, at, room) {
  let n = 0, i = a;
  for (;;) {
    let c = 0;
    while (i < b && ((c = bytes[i]) === SPACE || c === TAB || c === CR)) i++;
    if (i >= b) return n;
    const start = i;
    let negative = false;
    if (c === MINUS || c === PLUS) { negative = c === MINUS; i++; }
    let mantissa = 0, digits = 0, scale = 0, any = false, slow = false;
    for (; i < b; i++) {
      const d = bytes[i] - DIGIT0;
      if (d < 0 || d > 9) break;
      any = true;
      mantissa = mantissa * 10 + d;
      if (mantissa > 0) digits++;
    }
    if (i < b && bytes[i] === DOT) {
      for (i++; i < b; i++) {
        const d = bytes[i] - DIGIT0;
        if (d < 0 || d > 9) break;
        any = true;
        mantissa = mantissa * 10 + d;
        scale--;
        if (mantissa > 0) digits++;
      }
    }
    let exponent = 0;
    if (i < b && (c = bytes[i]) !== SPACE && c !== TAB && c !== CR) {
      if (c === 69 || c === 101 || c === 68 || c === 100) i++;  // E e D d
      let sign = 1;
      if (i < b && (bytes[i] === MINUS || bytes[i] === PLUS)) { sign = bytes[i] === MINUS ? -1 : 1; i++; }
      const e0 = i;
      for (; i < b; i++) {
        const d = bytes[i] - DIGIT0;
        if (d < 0 || d > 9) break;
        exponent = exponent * 10 + d;
      }
      if (i === e0 || exponent > 99999) slow = true;
      exponent *= sign;
    }
    if (i < b && (c = bytes[i]) !== SPACE && c !== TAB && c !== CR) return -1;  // fields run together, or not a number
    if (!any) return -1;
    if (n >= room) return room + 1;
    const e = exponent + scale;
    let x;
    if (slow || digits > 15 || e > 22 || e < -22) {
      x = fieldNumber(bytes, start, i);
      if (x !== x) return -1;
    } else {
      x = mantissa === 0 ? 0 : e >= 0 ? mantissa * POW10[e] : mantissa / POW10[-e];
      if (negative) x = -x;
    }
    out[at + n++] = x;
  }
}

/**
 * A number of a data or header field: Fortran E/D/F forms, also an exponent without its letter
 * ("1.0-100", as Fortran writes E fields of exponents beyond 99). NaN when it is none.
 */
export function fortranNumber(text) {
  let s = text.trim().replace(/[dD]/, 'E');
  if (/^[-+]?(\d+\.?\d*|\.\d+)[-+]\d+$/.test(s)) s = s.replace(/([^eE])([-+]\d+)$/, '$1E$2');
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s) ? Number(s) : NaN;
}

/** An integer field (blank reads as 0, as in Fortran), or NaN. */
export function fortranInteger(text) {
  const s = text.trim();
  if (s === '') return 0;
  return /^[-+]?\d+$/.test(s) ? Number(s) : NaN;
}

