// Curves against frequency (the FRF section of web/views/modes.js): one x (Hz, linear) and several
// named series, the y axis linear or logarithmic (|H|). Values a log axis cannot show (<= 0, null,
// NaN) become gaps.
import { logSafe, tickText } from './plot-loglog.js';
import { ResizingPlot } from './plot.js';

// Plotting conversions of complex FRF values ([re, im] pairs, null where unknown) to the curves
// drawn: |H|, its phase in degrees, and Σ |H| over outputs and forces (the stabilization diagram's
// background curve). Drawing aids only: no result is computed from them.
export const magnitude = (pairs) => pairs.map((z) => (z && z[0] !== null && z[1] !== null ? Math.hypot(z[0], z[1]) : null));
export const phaseDeg = (pairs) => pairs.map((z) => (z && z[0] !== null && z[1] !== null ? (Math.atan2(z[1], z[0]) * 180) / Math.PI : null));
export function magnitudeSum(H, count) {
  const sum = new Array(count).fill(0);
  for (const row of H) for (const pairs of row) magnitude(pairs).forEach((m, f) => { sum[f] += m ?? 0; });
  return sum;
}

export class FrequencyPlot extends ResizingPlot {
  /** yLabel: the axis label; log: a logarithmic y axis; range: a fixed [min, max] of y (coherence: [0, 1]). */
  constructor(container, { yLabel, log = false, range }) {
    super(container, (width) => Math.round(Math.min(260, Math.max(180, width * 0.35))));
    this.yLabel = yLabel;
    this.log = log;
    this.range = range;
  }

  /** Replaces the plot; freq: Hz ascending; series: [{label, color, values, dash?}]. */
  show(freq, series) {
    const clean = (v) => (this.log ? logSafe(v) : Array.from(v, (x) => (Number.isFinite(x) ? x : null)));
    const y = this.log ? { distr: 3, log: 10 } : {};
    if (this.range) y.range = this.range;
    const opts = {
      scales: { x: { time: false }, y },
      axes: [{ label: 'f (Hz)' }, { label: this.yLabel, ...(this.log ? { values: (u, splits) => splits.map(tickText) } : {}) }],
      legend: { live: false },
      series: [{ label: 'f (Hz)' }, ...series.map((s) => ({
        label: s.label, stroke: s.color, width: 1.25, dash: s.dash, points: { show: false }, spanGaps: false,
      }))],
    };
    this.mount(opts, [Array.from(freq), ...series.map((s) => clean(s.values))], { series: series.length, points: freq.length });
  }
}
