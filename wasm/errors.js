// Errors of the JS facade: the bindings return errors as values (docs/toolchain.md §3); the facade
// throws them as MechidError with a code: 'bad-input' (the caller can fix it) or 'internal'.
//
// Every message is one printable line of bounded length, made so in one place (MechidError's
// constructor, with `printable`): a message names user text (a file's header cell, a cell, an
// argument), and that text may hold terminal escape sequences (ESC [2J clears a terminal, ESC ]0;
// sets its title), bidirectional overrides that reorder what is shown (Trojan Source, CVE-2021-42574),
// line breaks that would make two lines, or megabytes of one line. The helpers below cut such text
// where it is named (quoted, listNames) so that the rest of the message survives.

/**
 * C0 and C1 controls (line breaks and tabs included: a message is one line), the Unicode bidi
 * controls (U+061C, U+200E/F, U+202A–E, U+2066–9), the line/paragraph separators and the BOM.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/g;

const hex = (code, digits) => code.toString(16).padStart(digits, '0');

/** The text with each control character written as \xNN (below U+0100) or \uNNNN. */
export const escapeControl = (text) => String(text).replace(CONTROL, (c) => {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
});

/**
 * The longest message kept whole (characters). The longest real one names a few columns, an
 * option and what to do (< 400 characters); this only stops a runaway (the probe saw 53 MB).
 */
export const MAX_MESSAGE = 2000;

/** A message as one printable line of at most about MAX_MESSAGE characters. */
export function printable(message) {
  const text = String(message);
  const cut = text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}… (cut: ${text.length} characters)` : text;
  return escapeControl(cut);
}

/** Longest user text (a name, a cell, an argument) shown whole in a message. */
export const MAX_QUOTED = 40;

/** User text as shown in a message: control characters escaped, cut after MAX_QUOTED characters. */
export function quoted(text, max = MAX_QUOTED) {
  const s = String(text);
  return escapeControl(s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s);
}

/** How many names a list shows before "… and N more": enough to recognise a header. */
export const MAX_LISTED = 6;

/** "a, b, c" or "a, b, c, d, e, f, … and 9994 more" (each name quoted; an empty one as (unnamed)). */
export function listNames(names, max = MAX_LISTED) {
  const shown = names.slice(0, max).map((name) => (name === '' ? '(unnamed)' : quoted(name)));
  return names.length > max ? `${shown.join(', ')}, … and ${names.length - max} more` : shown.join(', ');
}

/** A header for a message: its names, or "10000 columns: a, b, … and 9994 more" when long. */
export const describeHeader = (header) => (header.length > MAX_LISTED ? `${header.length} columns: ${listNames(header)}` : listNames(header));

/** A value given to the API, for "got …": NaN and ±Infinity by name (JSON says null), cut when long. */
export function describeValue(value) {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return 'a function';
  let text;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;  // a cycle, or nesting deeper than the stack
  }
  if (text === undefined) {
    try {
      text = String(value);
    } catch {
      text = Array.isArray(value) ? 'an array nested too deep to show' : 'an object nested too deep to show';
    }
  }
  return quoted(text, 60);
}

// `option`: the code of the option a bad-input message is about, when it is about one
// ('structure', 'friction', 'offset', 'runs', 'lowpass'), for showing it next to that control.
export class MechidError extends Error {
  constructor(code, message, option) {
    super(printable(message));
    this.name = 'MechidError';
    this.code = code;
    if (option) this.option = option;
  }
}

export const badInput = (message, option) => new MechidError('bad-input', message, option);

/** A binding's result, or its returned Error thrown as MechidError. */
export function unwrap(result) {
  if (result instanceof Error) throw new MechidError(result.code ?? 'internal', result.message, result.option);
  return result;
}

/** Index of the first NaN or ±Infinity of an array of numbers, or -1 (a plain loop: x - x is 0 only for finite x). */
export function firstNonFinite(values) {
  for (let i = 0; i < values.length; i++) if (values[i] - values[i] !== 0) return i;
  return -1;
}
