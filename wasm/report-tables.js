// The report's tables as HTML text (wasm/report.js): every number through formatNumber, every text
// of the user's escaped. A value with an interval reads "v ± h" (h: the core's half-width of the
// 95 % interval).
import { escapeHtml, formatNumber } from './report-format.js';

/** A cell's text: the value, with ± its half-width when known. */
export const withInterval = (v, half) => (half === undefined || half === null ? formatNumber(v) : `${formatNumber(v)} ± ${formatNumber(half)}`);

/**
 * A table: `head` the column titles (texts), `rows` [[cell, …]] where the first cell is a row
 * title (text) and the others are already formatted texts; all escaped here.
 */
export function table(caption, head, rows, cls = '') {
  const th = head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.map(([title, ...cells]) => `<tr><th scope="row">${escapeHtml(title)}</th>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
  return `<table${cls ? ` class="${cls}"` : ''}><caption>${escapeHtml(caption)}</caption><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A table of names and values (the settings): texts as they are, numbers formatted. */
export function keyValueTable(caption, entries) {
  const text = (v) => (typeof v === 'number' ? formatNumber(v, 6) : Array.isArray(v) ? v.map(text).join(', ')
    : v !== null && typeof v === 'object' ? Object.entries(v).map(([k, x]) => `${k}: ${text(x)}`).join('; ') : String(v));
  return table(caption, ['setting', 'value'], entries.map(([k, v]) => [k, text(v)]), 'settings');
}

/** A square matrix (nested arrays) with its half-widths (nested arrays or undefined), rows and
 *  columns named by the channels. */
export function matrixTable(caption, m, half, names) {
  return table(caption, ['', ...names], m.map((row, i) => [names[i], ...row.map((v, j) => withInterval(v, half?.[i]?.[j]))]));
}

/** The MAC matrix of the modes against each other (the core's, {rows, cols, data} or nested). */
export function macTable(caption, mac, labels) {
  const at = Array.isArray(mac) ? (i, j) => mac[i][j] : (i, j) => mac.data[i * mac.cols + j];
  return table(caption, ['', ...labels], labels.map((l, i) => [l, ...labels.map((_, j) => formatNumber(at(i, j), 3))]), 'mac');
}
