// Step 3 of the CSV section, "Units and signs": a factor per mapped column, applied after the
// column's unit (the CLI's --scale COL=FACTOR): encoder counts to metres, volts to newtons, −1 to
// flip a sign convention. What the user typed is kept per column name when the mapping changes.
import { el } from '../../ui/dom.js';

const typed = new Map();  // column name -> the factor's text as typed (absent: 1)
// A sign flipped by "Flip the sign…" belongs to the record whose result asked for it (issue 56: it
// carried silently to the next, correctly signed file): column -> {record, before (the text typed
// before the flip)}. Another record shows the text typed before; typing in the field makes it the user's.
const flips = new Map();

// The factor's text for a column of `record` (an opaque key: the files chosen).
function factorText(column, record) {
  const flip = flips.get(column);
  if (flip && flip.record !== record) return flip.before ?? '1';
  return typed.get(column) ?? '1';
}

/** Shows one factor field per input and output column of `record`, in `container` (an element). */
export function showFactors(container, inputs, outputs, record) {
  container.replaceChildren(...[...inputs.map((c) => [c, 'input']), ...outputs.map((c) => [c, 'output'])].map(([column, role]) => {
    const input = el('input', undefined, {
      type: 'text', inputmode: 'decimal', name: 'csv-factor', 'data-column': column, 'data-role': role, placeholder: '1',
    });
    input.value = factorText(column, record);
    input.addEventListener('input', () => {
      typed.set(column, input.value);
      flips.delete(column);
    });
    const label = el('label');
    label.append(`${column} × factor`, input);
    const wrap = el('div', undefined, { class: 'factor' });
    wrap.append(label, el('p', '', { class: 'field-error', role: 'alert', 'data-factor-error': column }));
    return wrap;
  }));
}

// A factor's number: a decimal comma is read as a point; empty is 1.
function factorOf(text) {
  const t = text.trim().replace(',', '.');
  return t === '' ? 1 : Number(t);
}

/**
 * The factors of the input and output columns, in their order: {inputFactors, outputFactors}.
 * A factor that is not a finite nonzero number is marked, with a message naming its column next
 * to it; then this throws (the first message).
 */
export function readFactors(container) {
  const inputFactors = [], outputFactors = [], messages = [];
  for (const input of container.querySelectorAll('input[name="csv-factor"]')) {
    const column = input.dataset.column;
    const x = factorOf(input.value);
    const error = [...container.querySelectorAll('[data-factor-error]')].find((p) => p.dataset.factorError === column);
    if (Number.isFinite(x) && x !== 0) {
      input.removeAttribute('aria-invalid');
      error.textContent = '';
    } else {
      input.setAttribute('aria-invalid', 'true');
      error.textContent = `The factor of ${column} must be a nonzero number (e.g. 1.786e-5 m per count, or -1 to flip the sign), got "${input.value.trim().slice(0, 40)}"`;
      messages.push(error.textContent);
    }
    (input.dataset.role === 'input' ? inputFactors : outputFactors).push(x);
  }
  if (messages.length) throw new Error(messages[0]);
  return { inputFactors, outputFactors };
}

/** The fields whose text is not 1, as "u1 × -1" (shown when a new file keeps them). */
export function factorsTyped(container) {
  return [...container.querySelectorAll('input[name="csv-factor"]')]
    .filter((input) => factorOf(input.value) !== 1).map((input) => `${input.dataset.column} × ${input.value.trim()}`);
}

/**
 * Sets the factor of each input column to the opposite of `used` (column -> the factor the result
 * was computed with), shown in its field, for `record`: clicked twice, or on two results of one
 * run, it gives the same factors (it negated the fields, so two clicks undid each other while the
 * results came from ×−1). Returns the column names.
 */
export function flipInputSigns(container, used, record) {
  const flipped = [];
  for (const input of container.querySelectorAll('input[name="csv-factor"][data-role="input"]')) {
    const column = input.dataset.column;
    if (!used.has(column)) continue;
    if (!flips.has(column) || flips.get(column).record !== record) flips.set(column, { record, before: typed.get(column) });
    input.value = String(-used.get(column));
    typed.set(column, input.value);
    flipped.push(column);
  }
  return flipped;
}
