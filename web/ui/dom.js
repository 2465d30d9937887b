// DOM helpers shared by every view, and the page's one number formatter. Text is only ever set
// through textContent: user data (file and column names) never becomes HTML.

export const $ = (id) => document.getElementById(id);

/** A new element with its text (when given) and attributes. */
export function el(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** A status line (element or id): data-state = ready | busy | ok | error | …, and its text. */
export function setStatus(target, state, text) {
  const status = typeof target === 'string' ? $(target) : target;
  status.dataset.state = state;
  delete status.dataset.worst;
  status.textContent = text;
}

/**
 * The status line of a finished run (state 'ok'), coloured by the worst of its results: `worst`
 * is 'ok', 'warning' or 'error' (data-worst; style.css), so that warnings never read as green.
 */
export function setResultStatus(target, worst, text) {
  setStatus(target, 'ok', text);
  (typeof target === 'string' ? $(target) : target).dataset.worst = worst;
}

/** The worst of results' statuses ('ok' | 'warning' | 'failed') as a status line's 'ok' | 'warning' | 'error'. */
// The words after a duration that say on how many threads the core computed (the worker's reply's
// `threads`: web/app/worker.js), nothing for one.
export const onThreads = (threads) => (threads > 1 ? ` on ${threads} threads` : '');

export const worstOf = (statuses) => (statuses.includes('failed') ? 'error' : statuses.includes('warning') ? 'warning' : 'ok');

/**
 * A number with `digits` significant digits (4 by default), trailing zeros kept: positional
 * from 1e-3 to 10^digits (below which toPrecision is positional itself), exponential outside:
 * fmt(0.36515) = "0.3651", fmt(150.2) = "150.2", fmt(15) = "15.00", fmt(15000) = "1.500e+4",
 * fmt(2e-5) = "2.000e-5". 0 is "0"; ±Infinity "∞" and "-∞"; NaN, null and undefined (no value) "–".
 */
export function fmt(x, digits = 4) {
  if (x === 0) return '0';
  if (typeof x !== 'number' || Number.isNaN(x)) return '–';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  const a = Math.abs(x);
  return a >= 1e-3 && a < 10 ** digits ? x.toPrecision(digits) : x.toExponential(digits - 1);
}
