// The validation runs of the CSV section in a method's result column: per held-out record the
// free-run fit of each output (validateRecord: the model simulated from the record's forces
// alone), and, when the record carries the simulated outputs, the measured and simulated outputs
// overlaid. File names are set as text only.
import { dataTable } from './results.js';
import { el, fmt } from '../ui/dom.js';
import { COLORS, columnsOf, ResizingPlot } from '../ui/plot.js';

const plots = [];  // the overlays shown, removed with the results they belong to

/** Removes the overlays of the previous results. */
export function clearOverlays() {
  for (const p of plots.splice(0)) p.dispose();
}

const percent = (x) => (Number.isFinite(x) ? `${x.toFixed(2)} %` : fmt(x));

/**
 * Appends to `col` (a method's column, in the document) the table of r.validation_records and an
 * overlay per record; measured: [{file, t, y}] of the validation runs; outputs: column names.
 */
export function showValidation(col, r, measured, outputs, prefix = 'csv') {
  const records = r.validation_records;
  if (!records?.length) return;
  col.append(el('h5', 'Validation runs (free-run fit, kept back from identification)'));
  const rows = records.map((v) => [v.file, ...outputs.map((_, j) => (v.fit_percent ? percent(v.fit_percent[j]) : '–'))]);
  const table = dataTable(['run', ...outputs.map((name) => `fit ${name}`)], rows);
  table.querySelector('table').id = `${prefix}-validation-${r.method}`;
  col.append(table);
  for (const v of records) {
    if (v.status !== 'ok' && v.message) col.append(el('p', `${v.file}: ${v.message}`, { class: 'field-error', 'data-record-error': v.file }));
    const data = measured.find((m) => m.file === v.file);
    if (!v.simulated || !data) continue;
    const fig = el('figure');
    const container = el('div', undefined, { class: 'plot', 'data-record': v.file });
    fig.append(container, el('figcaption', `${v.file}: measured (thin) and simulated (thick, dashed) outputs, ${r.method}`, { class: 'hint' }));
    col.append(fig);
    const plot = new ResizingPlot(container, () => 220);
    plots.push(plot);
    const ys = columnsOf(data.y), sims = columnsOf(v.simulated);
    const series = [{ label: 't (s)' }, ...outputs.flatMap((name, j) => [
      { label: `measured ${name}`, stroke: COLORS[j % COLORS.length], width: 1, points: { show: false } },
      { label: `simulated ${name}`, stroke: COLORS[j % COLORS.length], width: 2.5, dash: [6, 3], points: { show: false } },
    ])];
    plot.mount({ scales: { x: { time: false } }, axes: [{ label: 't (s)' }, { label: 'output (SI)' }], series },
      [data.t, ...ys.flatMap((y, j) => [y, sims[j]])], { series: 2 * ys.length, points: data.t.length });
  }
}
