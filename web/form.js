// Reading the page's form fields: a bad value throws an Error whose `field` is the control's id,
// so that the message can be shown next to it.

const $ = (id) => document.getElementById(id);

export function fieldError(id, message) {
  return Object.assign(new Error(message), { field: id });
}

/** The number in field `id`, checked by ok(x); the message says it must be `expected`. */
export function readNumber(id, name, ok, expected) {
  const text = $(id).value.trim();
  const x = text === '' ? NaN : Number(text);
  if (!Number.isFinite(x) || !ok(x)) throw fieldError(id, `${name} must be ${expected}, got "${text.slice(0, 40)}"`);
  return x;
}

/** The integer in field `id`, from min to max. */
export function readInteger(id, name, min, max) {
  const text = $(id).value.trim();
  const x = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(x) || x < min || x > max) {
    throw fieldError(id, `${name} must be an integer from ${min} to ${max}, got "${text.slice(0, 40)}"`);
  }
  return x;
}
