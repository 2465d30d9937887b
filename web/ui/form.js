// Reading the page's form fields: a bad value throws an Error whose `field` is the control's id,
// so that the message can be shown next to it.
import { $ } from './dom.js';

// The user's text in a message: quoted, cut to 40 characters with an ellipsis.
function quote(text) {
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}

export function fieldError(id, message) {
  return Object.assign(new Error(message), { field: id });
}

/** The number in field `id`, checked by ok(x); the message says it must be `expected`. */
export function readNumber(id, name, ok, expected) {
  const text = $(id).value.trim();
  const x = text === '' ? NaN : Number(text);
  if (!Number.isFinite(x) || !ok(x)) throw fieldError(id, `${name} must be ${expected}, got ${quote(text)}`);
  return x;
}

/** The integer in field `id`, from min to max. */
export function readInteger(id, name, min, max) {
  const text = $(id).value.trim();
  const x = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(x) || x < min || x > max) {
    throw fieldError(id, `${name} must be an integer from ${min} to ${max}, got ${quote(text)}`);
  }
  return x;
}

/** An SNR in dB from field `id`; empty, "inf", "infinity" or "∞" is Infinity (noise-free). */
export function readSnr(id) {
  const text = $(id).value.trim();
  if (text === '' || /^(\+?inf(inity)?|∞)$/i.test(text)) return Infinity;
  return readNumber(id, 'SNR', () => true, 'a number of dB or "inf" (noise-free)');
}

/**
 * The numbers in field `id`, separated by commas, semicolons or spaces (1 to maxCount of them),
 * each checked by ok(x); the message names the first bad one.
 */
export function readNumberList(id, name, ok, expected, maxCount = 20) {
  const text = $(id).value.trim();
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  if (parts.length === 0 || parts.length > maxCount) {
    throw fieldError(id, `${name} must be 1 to ${maxCount} numbers separated by commas, got ${quote(text)}`);
  }
  return parts.map((p) => {
    const x = Number(p);
    if (!Number.isFinite(x) || !ok(x)) throw fieldError(id, `each of ${name} must be ${expected}, got ${quote(p)}`);
    return x;
  });
}
