// Step 2's column lists of the CSV section (forces, outputs, the time column, the preview table)
// for files of any width. Which columns are chosen is kept here per column index, not in the DOM,
// so that only the listed columns get elements: at most MAX_LISTED, the first ones or those whose
// name contains the text of "Find columns" (shown for wider files). A chosen column stays chosen
// when the list changes. Column names are set as text only.
import { $, el } from '../../ui/dom.js';

// The probe (issue 20) measured 8.3 s of main-thread work for 20 000 checkboxes, about 0.4 ms per
// column and list; 200 columns in each of the two lists, the time choice and the preview table
// stay near 0.2 s on that machine, under the 0.5 s a click may take before it feels stuck.
export const MAX_LISTED = 200;

/** The indices of `header` listed for `find` (a part of a name, case-insensitive; '' = all), at most MAX_LISTED. */
export function listedColumns(header, find) {
  const text = find.trim().toLowerCase();
  const out = [];
  for (let k = 0; k < header.length && out.length < MAX_LISTED; k++) {
    if (text === '' || header[k].toLowerCase().includes(text)) out.push(k);
  }
  return out;
}

/** One list of checkboxes (name: 'csv-input' or 'csv-output') over the listed columns. */
export class ColumnChecks {
  constructor(container, name) {
    this.container = container;
    this.name = name;
    this.header = [];
    this.chosen = new Set();  // column indices
    container.addEventListener('change', (e) => {
      if (e.target.name !== name) return;
      const k = Number(e.target.value);
      if (e.target.checked) this.chosen.add(k);
      else this.chosen.delete(k);
    });
  }

  /**
   * A new file's columns: those whose name matches `pattern` are chosen, unless more than
   * MAX_LISTED match (thousands of forces are not a model to start from); returns that count then
   * (0 otherwise), for the note.
   */
  reset(header, pattern) {
    this.header = header;
    const matching = header.flatMap((name, k) => (pattern.test(name) ? [k] : []));
    const tooMany = matching.length > MAX_LISTED;
    this.chosen = new Set(tooMany ? [] : matching);
    return tooMany ? matching.length : 0;
  }

  /** A new file's columns with the named ones chosen (a file's channels chosen by their quantities); as reset. */
  resetTo(header, names) {
    const wanted = new Set(names);
    return this.reset(header, { test: (name) => wanted.has(name) });
  }

  /** Shows a checkbox per listed column index. */
  show(listed) {
    this.container.querySelectorAll('label').forEach((l) => l.remove());
    const labels = listed.map((k) => {
      const box = el('input', undefined, { type: 'checkbox', name: this.name, value: String(k) });
      box.checked = this.chosen.has(k);
      const label = el('label', undefined, { class: 'check' });
      label.append(box, ` ${this.header[k]}`);
      return label;
    });
    this.container.append(...labels);
  }

  /** The chosen column names, in the file's order. */
  names() {
    return [...this.chosen].sort((a, b) => a - b).map((k) => this.header[k]);
  }
}

/** The time column choice: '(none)' (its text `none`), the listed columns, and the chosen one when not listed. */
export function showTimeChoice(select, header, listed, none = '(none: give h)') {
  const current = select.value;
  const shown = new Set(listed.map((k) => header[k]));
  const names = listed.map((k) => header[k]);
  if (current && !shown.has(current)) names.unshift(current);
  select.replaceChildren(el('option', none, { value: '' }), ...names.map((h) => el('option', h, { value: h })));
  select.value = current;
}

/** The first rows of the listed columns. */
export function showPreviewTable(header, rows, listed) {
  const table = $('csv-preview');
  const head = el('thead'), body = el('tbody'), tr = el('tr');
  for (const k of listed) tr.append(el('th', header[k], { scope: 'col' }));
  head.append(tr);
  for (const row of rows) {
    const r = el('tr');
    for (const k of listed) r.append(el('td', String(row[k] ?? '')));
    body.append(r);
  }
  table.replaceChildren(head, body);
}
