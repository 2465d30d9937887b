// Where a refusal of the worker is shown (issue 18 item 4): beside the control of the option it is
// about, marked aria-invalid, else beside the button that started the run. The option is the
// error's typed `option` when the core gives one (MechidError.option: the modes' band, the work
// guard, the simulation's h, n, snr, amplitude, freq2 and system); the checks of the estimator
// cores give none yet, only their words ("the acceleration record is too short: … segment(s)"),
// so a section may also list a pattern of those words per control. Only the placement depends on the
// words: a message whose wording changes still appears, beside the button.
import { showFieldError, showFieldMessage } from './field-message.js';

/**
 * The entry of `options` ([{option?, pattern?, control, place}]) that refusal `e` is about: the
 * first whose option is e.option or whose pattern matches e.message; undefined for none, and for
 * a crash or an internal error (code other than 'bad-input'), which is no input's fault.
 */
export function refusedOption(e, options) {
  if (e?.code !== 'bad-input') return undefined;
  const message = String(e.message ?? '');
  return options.find((o) => (o.option !== undefined && o.option === e.option) || o.pattern?.test(message));
}

/**
 * Shows refusal `e` (its message rounded) beside the control of its option, which takes the focus
 * and is marked, or beside `button` in `buttonPlace`; `focus: false` leaves the focus where it is.
 * Returns the control chosen.
 */
export function showRefusal(e, options, button, buttonPlace, { focus = true } = {}) {
  const message = e?.message ?? String(e);
  const entry = refusedOption(e, options);
  if (!entry) {
    showFieldMessage(buttonPlace, message, button, { focus });
    return button;
  }
  showFieldError(entry.place, message, entry.control, { focus });
  return entry.control;
}
