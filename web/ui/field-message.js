// A message next to the control it is about (issue 18 item 4): shown in that control's
// .field-error element with its numbers rounded to 4 significant digits, the step holding it
// opened, the control's aria-describedby pointing to it (a screen reader reads it with the
// control) and the focus moved to the control, so that the eye and the keyboard land where the
// correction is made. Text only (textContent): messages quote the user's files.
import { reveal } from './navigation.js';
import { fmt } from './dom.js';

// The significant digits of a decimal as written ("0.00200": 3; "0.100000": 6).
const significant = (x) => x.split(/e/i)[0].replace(/^-/, '').replace('.', '').replace(/^0+/, '').length;

// A text's decimals of more than 4 significant digits (as a double prints: "-0.09818544037864027")
// to 4 (dom.js fmt); shorter ones ("0.00200") are left as written.
const roundedPart = (text) => text.replace(/-?\d*\.\d+(?:e[+-]?\d+)?/gi, (x) => (significant(x) > 4 ? fmt(Number(x)) : x));

// Quoted text: "…" (a cell, a field's text), or '…' opened after no letter and closed before none
// (the core's 'thresholds:0.0051234', not the apostrophe of "the record's base frequency").
const QUOTED = /("[^"]*"|(?<!\w)'[^']*'(?!\w))/;

/**
 * A message with its long decimals rounded (the page's one rounding of message text), except
 * inside quotes: a quoted cell, name or field text is the user's own and stays as written.
 */
export const roundedMessage = (text) => String(text).split(QUOTED).map((part, k) => (k % 2 ? part : roundedPart(part))).join('');

/** Adds `id` to the element's aria-describedby list (once). */
function describe(control, id) {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  if (!ids.includes(id)) control.setAttribute('aria-describedby', [...ids, id].join(' '));
}

/**
 * Shows `text` in `place` (a .field-error with an id) and moves the focus to `control` (the field,
 * list or button the message is about; the message itself, made focusable, when there is none).
 * focus: false leaves the focus where it is (a message written while the user types elsewhere).
 */
export function showFieldMessage(place, text, control, { focus = true } = {}) {
  place.textContent = roundedMessage(text);
  reveal(place);
  const target = control && !control.disabled ? control : place;
  if (control) describe(control, place.id);
  if (target === place) place.tabIndex = -1;
  if (focus) target.focus();
}

/**
 * A wrong value's message: as showFieldMessage, and the control (a field, not a button) marked
 * aria-invalid until clearFieldMessages is called before the next try.
 */
export function showFieldError(place, text, control, options) {
  if (control && control.tagName !== 'BUTTON') control.setAttribute('aria-invalid', 'true');
  showFieldMessage(place, text, control, options);
}

/** Takes `id` off the element's aria-describedby list (the attribute goes when the list is empty). */
function undescribe(control, id) {
  const ids = control.getAttribute('aria-describedby').split(/\s+/).filter((x) => x !== '' && x !== id);
  if (ids.length) control.setAttribute('aria-describedby', ids.join(' '));
  else control.removeAttribute('aria-describedby');
}

/**
 * Before a new try: the messages `places` emptied and no longer describing the controls they were
 * about (a place shared by several fields describes only the one of its next message), and
 * aria-invalid taken off the `controls`.
 */
export function clearFieldMessages(places, controls) {
  for (const place of places) {
    place.replaceChildren();
    for (const control of document.querySelectorAll(`[aria-describedby~="${place.id}"]`)) undescribe(control, place.id);
  }
  for (const control of controls) control.removeAttribute('aria-invalid');
}
