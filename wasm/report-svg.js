// The report's plots as inline SVG text (wasm/report.js): curves on linear or logarithmic axes
// (FRF magnitude and phase, spectra) and the stabilization diagram. Drawing aids only: the numbers
// drawn are the result's; screen coordinates are rounded to 0.1 px by px() so the text is the same
// in Node and the browser. No id, no script, no outside reference.
import { escapeHtml, formatNumber, px } from './report-format.js';

export const COLOURS = ['#0b5cad', '#c2410c', '#15803d', '#7c3aed', '#b91c1c', '#0e7490', '#a16207', '#be185d'];
const W = 640, H = 300, LEFT = 64, RIGHT = 16, TOP = 14, BOTTOM = 42;

// Ticks of a linear axis: about 5 round steps (1, 2, 5 × 10^k) over [lo, hi].
function linearTicks(lo, hi) {
  const raw = (hi - lo) / 5;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
  const ticks = [];
  for (let k = Math.ceil(lo / step); k * step <= hi + step * 1e-9; k++) ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}

// The range [lo, hi] of finite values (positive ones on a log axis), widened when flat.
function rangeOf(values, log) {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v) || (log && v <= 0)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo === Infinity) return log ? [1, 10] : [0, 1];
  if (log) return lo === hi ? [lo / 10, hi * 10] : [lo, hi];
  if (lo === hi) return [lo - (Math.abs(lo) || 1), hi + (Math.abs(hi) || 1)];
  return [lo, hi];
}

// An axis: the map from a value to the screen, and its ticks.
function axis(values, log, from, to, fixed) {
  const [lo, hi] = fixed ?? rangeOf(values, log);
  if (log) {
    const a = Math.floor(Math.log10(lo)), b = Math.ceil(Math.log10(hi));
    const span = Math.max(b - a, 1);
    const every = Math.ceil(span / 6);
    const ticks = [];
    for (let k = a; k <= a + span; k += every) ticks.push(10 ** k);
    return { map: (v) => from + (to - from) * (Math.log10(v) - a) / span, ticks, ok: (v) => Number.isFinite(v) && v > 0 };
  }
  const ticks = linearTicks(lo, hi);
  const l = Math.min(lo, ticks[0]), h = Math.max(hi, ticks[ticks.length - 1]);
  return { map: (v) => from + (to - from) * (v - l) / (h - l), ticks, ok: Number.isFinite };
}

// The frame, grid, ticks and labels of a plot.
function frame(x, y, xLabel, yLabel) {
  const parts = [`<rect x="${LEFT}" y="${TOP}" width="${W - LEFT - RIGHT}" height="${H - TOP - BOTTOM}" fill="none" stroke="#666"/>`];
  for (const t of x.ticks) {
    const sx = px(x.map(t));
    parts.push(`<line x1="${sx}" y1="${TOP}" x2="${sx}" y2="${H - BOTTOM}" stroke="#ddd"/>`,
      `<text x="${sx}" y="${H - BOTTOM + 14}" text-anchor="middle">${formatNumber(t, 3)}</text>`);
  }
  for (const t of y.ticks) {
    const sy = px(y.map(t));
    parts.push(`<line x1="${LEFT}" y1="${sy}" x2="${W - RIGHT}" y2="${sy}" stroke="#ddd"/>`,
      `<text x="${LEFT - 4}" y="${sy}" text-anchor="end" dominant-baseline="middle">${formatNumber(t, 3)}</text>`);
  }
  parts.push(`<text x="${(LEFT + W - RIGHT) / 2}" y="${H - 6}" text-anchor="middle">${escapeHtml(xLabel)}</text>`,
    `<text transform="translate(14 ${(TOP + H - BOTTOM) / 2}) rotate(-90)" text-anchor="middle">${escapeHtml(yLabel)}</text>`);
  return parts.join('');
}

/** A figure: the SVG drawing with its caption; `legend`: [{name, colour, dash}] listed under it. */
export function figure(svgBody, caption, legend = []) {
  const items = legend.map((l) => `<span class="key"><svg width="24" height="8" aria-hidden="true"><line x1="0" y1="4" x2="24" y2="4" stroke="${l.colour}" stroke-width="2"${l.dash ? ' stroke-dasharray="4 3"' : ''}/></svg> ${escapeHtml(l.name)}</span>`).join(' ');
  return `<figure><svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeHtml(caption)}" font-size="11" font-family="sans-serif">${svgBody}</svg>`
    + `<figcaption>${escapeHtml(caption)}${items ? `<br>${items}` : ''}</figcaption></figure>`;
}

/**
 * Curves y(x): series [{name, x, y, colour, dash, breakAbove}], axes linear or logarithmic (`xLog`,
 * `yLog`); a value that cannot be drawn (NaN, ≤ 0 on a log axis) breaks the curve, and so does a
 * step larger than breakAbove. Returns a figure.
 */
export function linePlot({ caption, xLabel, yLabel, series, xLog = false, yLog = false }) {
  const x = axis(series.flatMap((s) => Array.from(s.x)), xLog, LEFT, W - RIGHT);
  const y = axis(series.flatMap((s) => Array.from(s.y)), yLog, H - BOTTOM, TOP);
  const paths = series.map((s) => {
    let d = '', pen = 'M', column = null, low = 0, high = 0, last = '';
    // Many points to a pixel column (long FRFs): the column's lowest and highest point only, so the
    // drawing looks the same and its text stays small.
    const flush = () => {
      if (column === null) return;
      for (const v of low === high ? [low] : [low, high]) {
        const point = `${px(column)} ${px(v)}`;
        if (point !== last) d += `${pen}${point}`;
        last = point;
        pen = 'L';
      }
      column = null;
    };
    for (let k = 0; k < s.x.length; k++) {
      // A value that cannot be drawn, or a jump of more than s.breakAbove (a phase wrapping at ±180°), breaks the curve.
      const jump = s.breakAbove !== undefined && k > 0 && Math.abs(s.y[k] - s.y[k - 1]) > s.breakAbove;
      if (!x.ok(s.x[k]) || !y.ok(s.y[k]) || jump) { flush(); pen = 'M'; last = ''; }
      if (!x.ok(s.x[k]) || !y.ok(s.y[k])) continue;
      const sx = Math.round(x.map(s.x[k])), sy = y.map(s.y[k]);
      if (sx !== column) { flush(); column = sx; low = sy; high = sy; } else { low = Math.min(low, sy); high = Math.max(high, sy); }
    }
    flush();
    return `<path d="${d}" fill="none" stroke="${s.colour}" stroke-width="1.5"${s.dash ? ' stroke-dasharray="4 3"' : ''}/>`;
  });
  return figure(frame(x, y, xLabel, yLabel) + paths.join(''), caption, series.map(({ name, colour, dash }) => ({ name, colour, dash })));
}

/**
 * The stabilization diagram: each pole at (frequency, model order), filled when stable, open when
 * not; the chosen modes' frequencies as dashed vertical lines. stabilization: [{order, poles:
 * [{freq_hz, stable}]}]; modes: [{freq_hz}].
 */
export function stabilizationPlot(stabilization, modes, caption) {
  const freqs = stabilization.flatMap((s) => s.poles.map((p) => p.freq_hz)).concat(modes.map((m) => m.freq_hz));
  const x = axis(freqs, false, LEFT, W - RIGHT);
  const y = axis(stabilization.map((s) => s.order), false, H - BOTTOM, TOP);
  const marks = modes.map((m) => `<line x1="${px(x.map(m.freq_hz))}" y1="${TOP}" x2="${px(x.map(m.freq_hz))}" y2="${H - BOTTOM}" stroke="${COLOURS[1]}" stroke-dasharray="4 3"/>`);
  for (const s of stabilization) {
    for (const p of s.poles) {
      if (!Number.isFinite(p.freq_hz)) continue;
      marks.push(`<circle cx="${px(x.map(p.freq_hz))}" cy="${px(y.map(s.order))}" r="2.5" ${p.stable ? `fill="${COLOURS[0]}"` : `fill="none" stroke="${COLOURS[0]}"`}/>`);
    }
  }
  return figure(frame(x, y, 'frequency (Hz)', 'model order') + marks.join(''), caption,
    [{ name: 'chosen modes', colour: COLOURS[1], dash: true }]);
}

/** Bars of values per label (e.g. the fit per output, in %). */
export function barPlot({ caption, yLabel, labels, values, range }) {
  const x = { ticks: [], map: (k) => LEFT + (W - LEFT - RIGHT) * (k + 0.5) / labels.length };
  const y = axis(values, false, H - BOTTOM, TOP, range);
  const width = Math.min(60, (W - LEFT - RIGHT) / labels.length * 0.6);
  const bars = labels.map((label, k) => {
    const v = Number.isFinite(values[k]) ? values[k] : 0;
    const y0 = y.map(Math.max(0, Math.min(v, y.ticks[y.ticks.length - 1])));
    const base = y.map(Math.max(0, y.ticks[0]));
    return `<rect x="${px(x.map(k) - width / 2)}" y="${px(Math.min(y0, base))}" width="${px(width)}" height="${px(Math.abs(base - y0))}" fill="${COLOURS[0]}"/>`
      + `<text x="${px(x.map(k))}" y="${H - BOTTOM + 14}" text-anchor="middle">${escapeHtml(label)}</text>`;
  });
  return figure(frame(x, y, '', yLabel) + bars.join(''), caption);
}
