// Step 1 of the CSV section when several files are chosen: the runs of one experiment, each
// marked "training" (identified together) or "validation" (kept back, only simulated with the
// model). Default: with several files the last is kept for validation, the others train (the
// common lab check: fit on one run, judge on another). File names are set as text only.
import { $, el } from '../../ui/dom.js';

const ROLES = [['training', 'training (identify on it)'], ['validation', 'validation (check the model on it)']];

/** Shows the files with a role choice each (the table is hidden for a single file). */
export function showRuns(files) {
  const table = $('csv-runs-table');
  const head = el('thead'), tr = el('tr');
  tr.append(el('th', 'file', { scope: 'col' }), el('th', 'size', { scope: 'col' }), el('th', 'use for', { scope: 'col' }));
  head.append(tr);
  const body = el('tbody');
  files.forEach((file, k) => {
    const select = el('select', undefined, { name: 'csv-run-role', 'data-file': file.name, 'aria-label': `use of ${file.name}` });
    select.append(...ROLES.map(([value, label]) => el('option', label, { value })));
    select.value = files.length > 1 && k === files.length - 1 ? 'validation' : 'training';
    const row = el('tr'), cell = el('td');
    cell.append(select);
    row.append(el('th', file.name, { scope: 'row' }), el('td', `${(file.size / 1024).toFixed(0)} KiB`), cell);
    body.append(row);
  });
  table.replaceChildren(head, body);
  $('csv-runs').hidden = files.length < 2;
}

/** The runs [{file, role}] in the order chosen; throws when no file is left to identify on. */
export function readRuns(files) {
  const roles = [...document.querySelectorAll('select[name="csv-run-role"]')].map((s) => s.value);
  const runs = files.map((file, k) => ({ file, role: roles[k] ?? 'training' }));
  if (!runs.some((r) => r.role === 'training')) {
    throw new Error('Mark at least one file as training: the model is identified on the training runs.');
  }
  return runs;
}
