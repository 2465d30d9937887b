// Several uPlots stacked in one container over the same x values: the small multiples of
// web/ui/plot-channels.js (one panel per channel) and plots of several groups of channels (the
// CSV preview's forces and outputs). The panels follow the container's width, share their x
// range (a zoom in one zooms all; the cursor moves in all), and their y axes have one width, so
// that a time lines up from panel to panel. Only the lowest panel draws the x axis. The PNG/SVG
// buttons save all panels as one picture; data-series (all panels' series) and data-points (x
// values) are on the container for the tests, and container.currentPlots lists the panels.
import uPlot from '../gen/vendor/uPlot.esm.js';
import { exportButtons, publishPlots, withDefaults } from './plot.js';

const Y_AXIS_SIZE = 64;  // px of every y axis' ticks: the panels' plotting areas line up
const X_AXIS = { size: 32, labelSize: 20 };  // px of the x axis' ticks and of its label (uPlot: 50, 30)
const X_AXIS_HEIGHT = X_AXIS.size + X_AXIS.labelSize;  // px the lowest panel adds for its x axis
// Padding (px: top, right, bottom, left = uPlot's own) of every panel: uPlot's own top and bottom
// would take a third of a small panel's height, and its own right padding only in the panel with
// the x axis would end that panel's plotting area before the others'.
const PADDING = [8, 16, 8, null];
const Y_TICK_SPACE = 22;  // px at least between y ticks (uPlot: 30), for 3 or more ticks on a small panel

let stacks = 0;  // a cursor-sync key per stack

/**
 * Tick labels of a linear axis with step `incr`: as many decimals as the step needs (uPlot's own
 * labels keep 3, so ticks 0.0005 apart read "0, 0, -0"), positional down to steps of 1e-6 and
 * exponential below.
 */
export function tickLabels(splits, incr) {
  if (!(incr > 0)) return splits.map(String);
  let decimals = 0;
  while (decimals < 7 && Math.abs(incr * 10 ** decimals - Math.round(incr * 10 ** decimals)) > 1e-6 * incr * 10 ** decimals) decimals++;
  if (decimals > 6) return splits.map((v) => (v === 0 ? '0' : v.toExponential(2).replace(/\.?0+e/, 'e')));
  return splits.map((v) => (Math.abs(v) < incr / 2 ? '0' : v.toFixed(decimals)));
}

/** The indices of the finite values of x, in order. */
export function finiteIndices(x) {
  const kept = [];
  for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i])) kept.push(i);
  return kept;
}

export class PlotStack {
  constructor(container) {
    this.container = container;
    this.plots = [];
    this.heights = [];  // each panel's plotting height (px), without the x axis
    this.width = 0;
    this.syncKey = `plot-stack-${++stacks}`;
    this.observer = new ResizeObserver(() => this.#resize());
    this.observer.observe(container);
    container.plotTools ??= exportButtons(container, () => container.currentPlots ?? []);
  }

  #height(k) {
    return this.heights[k] + (k === this.heights.length - 1 ? X_AXIS_HEIGHT : 0);
  }

  #resize() {
    const width = Math.floor(this.container.clientWidth);
    if (!this.plots.length || width === this.width || width <= 0) return;
    this.width = width;
    this.plots.forEach((u, k) => u.setSize({ width, height: this.#height(k) }));
  }

  // A zoom in x of panel `u` (drag to zoom, double-click to reset) applied to the other panels.
  #shareX(u) {
    const { min, max } = u.scales.x;
    for (const other of this.plots) {
      if (other !== u && (other.scales.x.min !== min || other.scales.x.max !== max)) other.setScale('x', { min, max });
    }
  }

  /**
   * Replaces the panels. x: the shared x values; xLabel: the x axis' label with its unit;
   * panels: [{yLabel, height (px of the plotting area), series: [{label, values, color, width?,
   * dash?}]}], top to bottom; legend: false for no legend (each panel has one by default).
   */
  show({ x, xLabel, panels, legend = true }) {
    this.destroy();
    this.width = Math.max(1, Math.floor(this.container.clientWidth));
    this.heights = panels.map((p) => p.height);
    const last = panels.length - 1;
    // uPlot takes x ascending and reads its range from the first and last values: an x that is
    // NaN there (a units row, text in the time column's first row) sends its tick loop spinning
    // forever and freezes the page. Samples without a finite x are left out of every series.
    const kept = finiteIndices(x);
    const xs = kept.map((i) => x[i]);
    panels.forEach((panel, k) => {
      const div = document.createElement('div');
      div.className = 'plot-panel';
      this.container.append(div);
      const opts = withDefaults({
        width: this.width,
        height: this.#height(k),
        scales: { x: { time: false } },
        padding: PADDING,
        axes: [{ label: xLabel, show: k === last, ...X_AXIS }, {
          label: panel.yLabel, size: Y_AXIS_SIZE, space: Y_TICK_SPACE,
          values: (u, splits, axis, space, incr) => tickLabels(splits, incr),
        }],
        legend: { show: legend },
        cursor: { sync: { key: this.syncKey } },
        hooks: { setScale: [(u, key) => { if (key === 'x') this.#shareX(u); }] },
        series: [{ label: xLabel }, ...panel.series.map((s) => ({
          label: s.label, stroke: s.color, width: s.width ?? 1, dash: s.dash, points: { show: false },
        }))],
      });
      const data = [xs, ...panel.series.map((s) => kept.map((i) => (Number.isFinite(s.values[i]) ? s.values[i] : null)))];
      this.plots.push(new uPlot(opts, data, div));
    });
    const series = panels.reduce((n, p) => n + p.series.length, 0);
    publishPlots(this.container, this.plots, { series, points: xs.length, panels: panels.length });
  }

  destroy() {
    for (const u of this.plots) u.destroy();
    this.plots = [];
    this.heights = [];
    this.container.replaceChildren();
    publishPlots(this.container, []);
  }

  /** Destroys the panels and stops following the container's width (a stack made per result). */
  dispose() {
    this.destroy();
    this.observer.disconnect();
  }
}
