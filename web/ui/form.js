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

// ------------------------------------------------------------------------------------------------
// Default values, ranges and hints from the core's option schema (Mechid.optionSchema(), asked of
// the worker once at start): the page states no default of its own.

/**
 * What each control of `fields` ({id: {option: 'group.name', scale?}}) shows, from `schema`:
 * {id: {value, min?, max?, choices?, hint}}. `value` is the default times `scale` (a percentage:
 * 100) as text, '' for a default that means "not given" (null); true/false for a boolean. DOM-free.
 */
export function formDefaults(schema, fields) {
  return Object.fromEntries(Object.entries(fields).map(([id, { option, scale = 1 }]) => {
    const [group, name] = option.split('.');
    const entry = schema?.[group]?.[name];
    if (entry === undefined) throw new Error(`the form names option ${option}, which the core's schema lacks`);
    const scaled = (x) => (typeof x === 'number' && scale !== 1 ? Number((x * scale).toPrecision(12)) : x);
    const value = entry.default === null ? '' : entry.type === 'boolean' ? entry.default : String(scaled(entry.default));
    const shown = { value, hint: entry.help };
    for (const key of ['min', 'max', 'choices']) if (entry[key] !== undefined) shown[key] = key === 'choices' ? entry[key] : scaled(entry[key]);
    if (entry.above !== undefined) shown.above = scaled(entry.above);
    return [id, shown];
  }));
}

/**
 * Sets each control of `fields` to its default from `schema` (formDefaults): a text field's value,
 * a select's chosen option, a checkbox's state; its range and help line go into its title (a
 * hint), its range also into data-min / data-max. A control the user already changed is kept.
 */
export function applyOptionSchema(schema, fields) {
  for (const [id, shown] of Object.entries(formDefaults(schema, fields))) {
    const control = $(id);
    if (control.dataset.edited === 'true') continue;
    // The core's default becomes the control's own default too (the selected/checked/value
    // attribute), so that a form reset and the page's markup agree with the core.
    if (control.type === 'checkbox') control.defaultChecked = control.checked = shown.value === true;
    else if (control.tagName === 'SELECT') {
      for (const option of control.options) option.defaultSelected = option.value === shown.value;
      control.value = shown.value;
    } else control.defaultValue = control.value = shown.value;
    const range = [shown.min !== undefined ? `≥ ${shown.min}` : shown.above !== undefined ? `> ${shown.above}` : '',
      shown.max !== undefined ? `≤ ${shown.max}` : ''].filter(Boolean).join(', ');
    control.title = range ? `${shown.hint} (${range})` : shown.hint;
    for (const key of ['min', 'max']) if (shown[key] !== undefined) control.dataset[key] = String(shown[key]);
    if (!control.dataset.watched) {
      control.dataset.watched = 'true';
      control.addEventListener('input', () => { control.dataset.edited = 'true'; }, { once: true });
    }
  }
}
