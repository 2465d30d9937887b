// The free-run checks of the CSV section in a method's result column: the measured and simulated
// outputs of the first training run (the result's validation), and per held-out record its fit
// (identify's validation_records: the model simulated from the record's forces alone) and its overlay. File
// names are set as text only.
import { dataTable } from '../../ui/results-table.js';
import { el, fmt } from '../../ui/dom.js';
import { ChannelPlot, matrixChannels } from '../../ui/plot-channels.js';

const plots = [];  // the overlays shown, removed with the results they belong to

/** Removes the overlays of the previous results. */
export function clearOverlays() {
  for (const p of plots.splice(0)) p.dispose();
}

const MAX_POINTS = 5000;

const percent = (x) => (Number.isFinite(x) ? `${x.toFixed(2)} %` : fmt(x));

// Appends to `col` a plot of each output measured (thin) and simulated (thick, dashed, its own
// colour) on the record {file, t, y}, in `unit`; one panel per output above 3 outputs
// (web/ui/plot-channels.js). Nothing when the simulation does not cover the record sample by
// sample (accelerations: the high-pass drops the first samples).
function overlay(col, record, simulated, outputs, unit, caption) {
  if (!simulated || simulated.rows !== record.t.length) return;
  const fig = el('figure');
  const container = el('div', undefined, { class: 'plot', 'data-record': record.file });
  fig.append(container, el('figcaption', `${record.file}: ${caption}`, { class: 'hint' }));
  col.append(fig);
  const plot = new ChannelPlot(container);
  plots.push(plot);
  // Every k-th sample, at most MAX_POINTS a series: a long record stays quick to draw (the shape of
  // a free run is smooth at this resolution; the fit numbers use every sample).
  const k = Math.ceil(record.t.length / MAX_POINTS);
  const every = (x) => (k === 1 ? x : Float64Array.from({ length: Math.ceil(x.length / k) }, (_, i) => x[i * k]));
  const ys = matrixChannels(record.y, 'y'), sims = matrixChannels(simulated, 's');
  const channels = outputs.map((name, j) => ({
    name,
    series: [
      { label: `measured ${name}`, values: every(ys[j].values), width: 1 },
      { label: `simulated ${name}`, values: every(sims[j].values), width: 2.5, dash: [6, 3] },
    ],
  }));
  plot.show(every(record.t), 't (s)', [{ quantity: 'outputs', unit, channels }]);
}

/**
 * Appends to `col` (a method's column, in the document) the overlay of the first training run and
 * the table and overlays of r.validation_records; measured: [{file, role, t, y}] (the first
 * training run, then the validation runs); simulated: the simulated outputs of each record of
 * r.validation_records (null when none); outputs: the output column names; unit: theirs after
 * the scaling of step 3 (m or m/s²).
 */
export function showValidation(col, r, { measured, simulated = [], outputs, unit = 'SI', prefix = 'csv' }) {
  const training = measured.find((m) => m.role !== 'validation');
  if (training && r.M) {
    col.append(el('h4', 'Measured and simulated (free run from the forces alone)'));
    overlay(col, training, r.validation?.simulated, outputs, unit, `the run identified on, ${r.method}: measured (thin) and simulated (thick, dashed) outputs`);
  }
  const records = r.validation_records;
  if (!records?.length) return;
  col.append(el('h4', 'Validation runs (free-run fit, kept back from identification)'));
  const rows = records.map((v) => [v.file, ...outputs.map((_, j) => (v.fit_percent ? percent(v.fit_percent[j]) : '–'))]);
  const table = dataTable(['run', ...outputs.map((name) => `fit ${name}`)], rows);
  table.querySelector('table').id = `${prefix}-validation-${r.method}`;
  col.append(table);
  records.forEach((v, k) => {
    if (v.status === 'failed') col.append(el('p', `${v.file}: ${v.message}`, { class: 'field-error', 'data-record-error': v.file }));
    const record = measured.find((m) => m.file === v.file && m.role === 'validation');
    if (record) overlay(col, record, simulated[k], outputs, unit, `kept back, ${r.method}: measured (thin) and simulated (thick, dashed) outputs`);
  });
}
