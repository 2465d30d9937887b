// A section's long request, cancellable (issue 20): while it runs, the Cancel button beside the
// button that started it is shown and the status line counts the seconds; Cancel aborts the
// request (worker-client.js terminates the worker at once, other requests go to a new one). A
// refusal of the core's resource guard (MechidError.option 'work': the estimated work is above its
// limit) is shown next to the control with a "Run anyway" button. Nothing here touches the
// section's inputs: after a cancel, a crash or a refusal they are as the user left them.
import { isCancelled } from '../client/worker-client.js';
import { wordPattern } from '../gen/option-words.js';
import { el, setStatus } from './dom.js';
import { roundedMessage } from './field-message.js';
import { reveal } from './navigation.js';
import { showRefusal } from './refusal.js';
import { holdUnload } from './unload-guard.js';

// The elapsed time is redrawn 4 times a second: often enough to be seen moving at 0.1 s, rarely
// enough to cost nothing on the main thread.
const TICK_MS = 250;

const secondsSince = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

export class RunControl {
  #controller = null;

  /** cancel: the section's Cancel button (hidden while idle); status: its status line. */
  constructor({ cancel, status }) {
    this.cancelButton = cancel;
    this.status = status;
    this.seconds = '0.0';  // the elapsed time of the last run, for the section's final message
    cancel.hidden = true;
    cancel.disabled = true;
    cancel.addEventListener('click', () => this.abort());
  }

  /** Cancels the run in progress (as its Cancel button does); nothing when idle. */
  abort() {
    this.#controller?.abort();
  }

  get running() {
    return this.#controller !== null;
  }

  /**
   * Runs work(signal, say): `text` is the busy status, followed by the elapsed seconds; say(text)
   * replaces it (progress). Resolves with work's result; rejects with its error (isCancelled(e)
   * after Cancel).
   */
  async run(text, work) {
    const controller = new AbortController();
    this.#controller = controller;
    const t0 = performance.now();
    let what = text;
    const tick = () => setStatus(this.status, 'busy', `${what} ${secondsSince(t0)} s`);
    tick();
    const clock = setInterval(tick, TICK_MS);
    const release = holdUnload();  // a reload during the run asks first
    this.cancelButton.hidden = false;
    this.cancelButton.disabled = false;
    try {
      return await work(controller.signal, (next) => {
        what = next;
        tick();
      });
    } finally {
      clearInterval(clock);
      release();
      this.seconds = secondsSince(t0);
      this.#controller = null;
      this.cancelButton.hidden = true;
      this.cancelButton.disabled = true;
    }
  }

  /** The status after a cancelled run (state 'cancelled'). */
  showCancelled(kept = 'your inputs are kept') {
    setStatus(this.status, 'cancelled', `Cancelled after ${this.seconds} s: the work was stopped; ${kept}.`);
  }
}

export { isCancelled };

/** True when `e` is the core's refusal of a request whose estimated work is above the guard's limit. */
export const isWorkRefusal = (e) => e?.code === 'bad-input' && e?.option === 'work';

/**
 * Shows a work refusal's message (rounded) in `place` (next to the control that started the
 * request) with a "Run anyway" button, which takes the focus: the refusal's one way on is a key
 * press away. Its click clears the place and calls again() (the same request with maxWork:
 * Infinity).
 */
export function offerRunAnyway(place, e, again) {
  const button = el('button', 'Run anyway', { type: 'button', class: 'run-anyway' });
  button.addEventListener('click', () => {
    place.replaceChildren();
    again();
  });
  // The core names the limit by its API name (maxWork); here it is the page's: the work limit the button lifts.
  place.replaceChildren(`${roundedMessage(e.message).replace(wordPattern('maxWork'), 'the work limit')} `, button);
  reveal(place);
  button.focus();
}

/**
 * Runs a section's request under `control` and says how it ended: the one try/catch of every
 * section's run. request: {text, work, show}: text and work(signal, say) as RunControl.run takes
 * them, show(result) draws the result (an error it throws is handled as the request's). Resolves
 * once the end is shown (never rejects for the request): with true after show(), false otherwise.
 * How a failure is shown (`handlers`):
 * - Cancel: onCancel() when given, else control.showCancelled(kept);
 * - a work refusal (isWorkRefusal), when runAnyway {place, again, text} is given: offerRunAnyway
 *   in `place` (again(): the same request with maxWork: Infinity) and `text` in the status line;
 * - anything else: onError(e) when given, else (when refusals {options, button, place} is given)
 *   the refusal beside the control of its option or beside refusals.button in refusals.place
 *   (ui/refusal.js); then the status line in red: stopped(the rounded message), by default the
 *   message alone.
 */
export async function runRequest(control, { text, work, show }, handlers = {}) {
  const { kept, onCancel, runAnyway, refusals, onError, stopped = (message) => message } = handlers;
  try {
    show(await control.run(text, work));
    return true;
  } catch (e) {
    if (isCancelled(e)) {
      if (onCancel) onCancel();
      else control.showCancelled(kept);
    } else if (runAnyway && isWorkRefusal(e)) {
      offerRunAnyway(runAnyway.place, e, runAnyway.again);
      setStatus(control.status, 'error', runAnyway.text);
    } else {
      if (onError) onError(e);
      else if (refusals) showRefusal(e, refusals.options, refusals.button, refusals.place);
      setStatus(control.status, 'error', stopped(roundedMessage(e?.message ?? String(e))));
    }
    return false;
  }
}
