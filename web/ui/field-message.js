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

/**
 * A message with its long decimals rounded, except inside double quotes: a quoted cell or name is
 * the user's own text and stays as it was.
 */
export const roundedMessage = (text) => String(text).split(/("[^"]*")/).map((part, k) => (k % 2 ? part : roundedPart(part))).join('');

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
