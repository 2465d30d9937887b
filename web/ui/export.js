// Exports of the page, all made in this browser and saved as downloads: results and studies as
// CSV, plots as PNG and SVG. Text from the user (column names, file names) is escaped for CSV
// (quotes; a leading = + - @ is defused for spreadsheets) and for SVG (XML entities).
import { toJson } from '../gen/api.js';
import { channelLabel } from '../gen/channel-labels.js';

/** Saves a Blob under a file name through the browser's download. */
export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file-name-safe form of a text (letters, digits, - _ .). */
export const safeName = (text) => String(text).replace(/[^\w.-]+/g, '_').replace(/^\.+/, '');

function csvCell(value) {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : (Number.isNaN(value) ? 'NaN' : (value > 0 ? 'Inf' : '-Inf'));
  if (value == null) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvText(header, rows) {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}

/**
 * Identification results as CSV, one value per row:
 * method,status,quantity,row,col,value,half95 (half95: the core's half-width of the 95 % interval, when known).
 * Quantities: M, D, K (entries, 1-based), omega_n and zeta (per mode), error_M … (relative errors
 * when the truth is known), fit_percent (per output); with friction or offset, coulomb (per DOF)
 * and offset (row: DOF, col: training run); with validation runs, validation_fit_percent (row:
 * output, col: the record, in the order of validation_records). channel: the output channel of
 * the row (DOF i is output i), its name and unit as the file gave them ("Accel wing [g]"), when
 * `channels` (wasm/channel-labels.js resultChannels) are known.
 */
export function resultsToCsv(results, channels) {
  const rows = [];
  for (const r of results) {
    const u = r.uncertainty;
    if (r.status === 'failed' || !r.M) {
      rows.push([r.method, r.status, 'message', '', '', r.message ?? '', '']);
      continue;
    }
    for (const key of ['M', 'D', 'K']) {
      const m = r[key];
      for (let i = 0; i < m.rows; i++) {
        for (let j = 0; j < m.cols; j++) {
          const k = i * m.cols + j;
          rows.push([r.method, r.status, key, i + 1, j + 1, m.data[k], u?.[`${key}_half95`]?.data[k] ?? '']);
        }
      }
    }
    (r.modal?.modes ?? []).forEach((mode, k) => {
      rows.push([r.method, r.status, 'omega_n', k + 1, '', mode.omega_n, u?.omega_n_half95?.[k] ?? '']);
      rows.push([r.method, r.status, 'zeta', k + 1, '', mode.zeta, u?.zeta_half95?.[k] ?? '']);
    });
    for (const [key, value] of Object.entries(r.errors ?? {})) rows.push([r.method, r.status, `error_${key}`, '', '', value, '']);
    Array.from(r.fit?.fit_percent ?? []).forEach((f, k) => rows.push([r.method, r.status, 'fit_percent', k + 1, '', f, '']));
    Array.from(r.friction?.coulomb ?? []).forEach((f, k) => rows.push([r.method, r.status, 'coulomb', k + 1, '', f, r.friction.coulomb_half95?.[k] ?? '']));
    const offsets = r.offset_by_run ?? (r.offset ? { rows: 1, cols: r.offset.length, data: r.offset } : null);
    const offsetHalf = r.offset_half95_by_run ?? (r.offset ? { data: r.offset_half95 ?? [] } : null);
    for (let run = 0; run < (offsets?.rows ?? 0); run++) {
      for (let k = 0; k < offsets.cols; k++) rows.push([r.method, r.status, 'offset', k + 1, run + 1, offsets.data[run * offsets.cols + k], offsetHalf?.data[run * offsets.cols + k] ?? '']);
    }
    (r.validation_records ?? []).forEach((v, record) => Array.from(v.fit_percent ?? [])
      .forEach((f, k) => rows.push([r.method, r.status, 'validation_fit_percent', k + 1, record + 1, f, ''])));
  }
  const PER_OUTPUT = ['M', 'D', 'K', 'fit_percent', 'coulomb', 'offset', 'validation_fit_percent'];
  const channelOf = (row) => {
    const c = PER_OUTPUT.includes(row[2]) ? channels?.outputs?.[row[3] - 1] : undefined;
    return c ? channelLabel(c) : '';
  };
  return csvText(['method', 'status', 'quantity', 'row', 'col', 'value', 'half95', 'channel'], rows.map((row) => [...row, channelOf(row)]));
}

/** The rows of a Monte Carlo study (gen/study.js aggregateStudy) as CSV. */
export function studyToCsv(aggregate) {
  const { system, snr, n, runs, seed } = aggregate;
  return csvText(['system', 'snr_db', 'n', 'runs', 'seed', 'h', 'method', 'rel_err_M', 'rel_err_K', 'rel_err_D', 'rel_err_A', 'failures', 'warnings', 'median_ms'],
    aggregate.rows.map((r) => [system, snr, n, runs, seed, r.h, r.method, r.rel_err.M, r.rel_err.K, r.rel_err.D, r.rel_err.A, r.failures, r.warnings, r.median_ms]));
}

/**
 * Saves identification results as `${base}-mechid.json` (the JSON of `mechid identify`, with its
 * `channels` when known) or `.csv`; channels: the record's (wasm/channel-labels.js resultChannels).
 */
export function downloadResults(results, kind, base, channels) {
  const blob = kind === 'json'
    ? new Blob([`${JSON.stringify(results.map((r) => toJson(channels ? { ...r, channels } : r)), null, 2)}\n`], { type: 'application/json' })
    : new Blob([resultsToCsv(results, channels)], { type: 'text/csv' });
  download(blob, `${base}-mechid.${kind}`);
}
