// Step 2's preview plot of the CSV section (#csv-preview-plot): the chosen force columns and the
// chosen output columns of the file's first rows (those the worker read, at most 2000 rows of its
// first 20 columns), against t, each group in its own plot with the unit chosen in step 3
// (web/ui/plot-channels.js: small multiples for many columns). t is the time column's values, or
// k·h (k = 0, 1, …) without one; the time column is never drawn as a series. Redrawn whenever the
// mapping changes, so that ticking a column shows it at once.
import { $ } from '../../ui/dom.js';
import { ChannelPlot } from '../../ui/plot-channels.js';

const plot = new ChannelPlot($('csv-preview-plot'));
let file = { header: [], columns: [] };  // the loaded file's names and first values (null: not read)

/** The loaded file's header and the first values of its columns (csvColumns' answer; [] when none). */
export function setPreviewColumns(header, columns) {
  file = { header, columns };
}

// A unit as an axis shows it: the option's text before a note ('g (9.80665 m/s²)' -> 'g').
const unitText = (select) => select.selectedOptions[0]?.textContent.replace(/\s*\(.*$/, '') ?? '';

// The channels of the named columns whose values were read (a column past the first 20 has none).
function channelsOf(names) {
  return names.flatMap((name) => {
    const values = file.columns[file.header.indexOf(name)];
    return values ? [{ name, values }] : [];
  });
}

// x of the preview: the time column's values, else k·h, else the row number (no h given yet).
function xAxis(timeCol, h, rows) {
  const time = timeCol ? file.columns[file.header.indexOf(timeCol)] : null;
  if (time?.some(Number.isFinite)) return { x: time, label: `${timeCol} (s)` };
  if (Number.isFinite(h) && h > 0) return { x: Float64Array.from({ length: rows }, (_, k) => k * h), label: 't (s)' };
  return { x: Float64Array.from({ length: rows }, (_, k) => k + 1), label: 'row (give the time column or h for t)' };
}

/**
 * Draws the preview for the current mapping: timeCol (a name or ''), h (s; NaN when not given),
 * the chosen force and output column names, the output kind ('displacement' | 'acceleration').
 */
export function showPreviewPlot({ timeCol, h, inputs, outputs, outputKind }) {
  const forces = channelsOf(inputs), measured = channelsOf(outputs);
  const rows = [...forces, ...measured][0]?.values.length ?? 0;
  if (rows === 0) {
    plot.destroy();
    return;
  }
  const { x, label } = xAxis(timeCol, h, rows);
  plot.show(x, label, [
    { quantity: 'forces', unit: unitText($('csv-force-unit')), channels: forces, overlayAtMost: 1 },
    { quantity: outputKind === 'acceleration' ? 'accelerations' : 'displacements', unit: unitText($('csv-output-unit')), channels: measured },
  ]);
}

/** Removes the preview (no file, or a file that could not be read). */
export function clearPreviewPlot() {
  file = { header: [], columns: [] };
  plot.destroy();
}
