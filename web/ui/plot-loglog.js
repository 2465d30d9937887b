// Log-log uPlot wrapper (conditioning section, Monte Carlo study): one x (h) and several named series.
// Values that a log axis cannot show (<= 0, NaN, ±Infinity) become gaps (null).
import { ResizingPlot } from './plot.js';

/** A copy of `values` as an array with null for what a log axis cannot show. */
export function logSafe(values) {
  return Array.from(values, (v) => (Number.isFinite(v) && v > 0 ? v : null));
}

/** Tick label on a log axis: 0.01 … 1000 plainly, else 10⁻⁴ or 2·10⁵. */
const SUP = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
export function tickText(v) {
  if (v == null || !(v > 0)) return null;
  if (v >= 0.01 && v < 1e4) return String(Number(v.toPrecision(2)));
  const e = Math.floor(Math.log10(v) + 1e-9);
  const m = Number((v / 10 ** e).toPrecision(2));
  const pow = `10${String(e).split('').map((c) => SUP[c]).join('')}`;
  return m === 1 ? pow : `${m}·${pow}`;
}

export class LogLogPlot extends ResizingPlot {
  /**
   * xLabel, yLabel: axis labels; series: [{label, stroke, dash?, width?, marker?}] where
   * marker: true draws points only (no line), for a single highlighted value; xRange: 'data' for
   * an x axis from the smallest to the largest x (a little wider), 'decades' (uPlot's) for whole
   * decades, which may leave most of the axis empty.
   */
  constructor(container, { xLabel, yLabel, series, xRange = 'decades' }) {
    super(container, (width) => Math.round(Math.min(320, Math.max(220, width * 0.5))));
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    this.seriesSpec = series;
    this.xRange = xRange;
    this.data = null;
  }

  #seriesOptions() {
    return this.seriesSpec.map((s) => (s.marker
      ? {
        label: s.label,
        stroke: s.stroke,
        fill: s.stroke,
        width: 0,
        paths: () => null,
        points: { show: true, size: 10, stroke: s.stroke, fill: s.stroke },
      }
      : {
        label: s.label,
        stroke: s.stroke,
        width: s.width ?? 1.5,
        dash: s.dash,
        points: { show: s.points ?? false, size: 6 },
        spanGaps: false,
      }));
  }

  /** Replaces the plot; x: ascending positive numbers; ys: one array per series. */
  show(x, ys) {
    const data = [Array.from(x), ...ys.map(logSafe)];
    const axis = (label) => ({ label, values: (u, splits) => splits.map(tickText) });
    const opts = {
      scales: {
        x: { time: false, distr: 3, log: 10, ...(this.xRange === 'data' ? { range: (u, min, max) => [min / 1.2, max * 1.2] } : {}) },
        y: { distr: 3, log: 10 },
      },
      axes: [axis(this.xLabel), axis(this.yLabel)],
      series: [{ label: this.xLabel }, ...this.#seriesOptions()],
      legend: { live: false },
    };
    this.mount(opts, data, { series: ys.length, points: x.length });
    this.data = data;
  }

  /** Replaces the values of series j (0-based, without x), keeping the plot. */
  setSeries(j, y) {
    if (!this.plot) return;
    this.data[j + 1] = logSafe(y);
    this.plot.setData(this.data);
  }

  destroy() {
    super.destroy();
    this.data = null;
  }
}
