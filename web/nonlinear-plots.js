// x-y uPlot wrapper (uPlot's mode 2) for the "Nonlinear stiffness" section: phase portraits as
// point clouds, one series per region, and force-displacement curves as lines. Each series
// carries its own x and y, so unsorted data (a trajectory) is fine.
import uPlot from './gen/vendor/uPlot.esm.js';

export const REGION_COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd'];

function heightFor(width) {
  return Math.round(Math.min(300, Math.max(220, width * 0.6)));
}

export class XYPlot {
  constructor(container, { xLabel, yLabel }) {
    this.container = container;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    this.plot = null;
    this.width = 0;
    this.observer = new ResizeObserver(() => this.#resize());
    this.observer.observe(container);
  }

  #resize() {
    const width = Math.floor(this.container.clientWidth);
    if (!this.plot || width === this.width || width <= 0) return;
    this.width = width;
    this.plot.setSize({ width, height: heightFor(width) });
  }

  /**
   * Replaces the plot. series: [{label, color, x, y, points?, dash?}]: points true draws a
   * cloud of small dots, otherwise a line through the points in their order.
   */
  show(series) {
    this.destroy();
    this.width = Math.max(1, Math.floor(this.container.clientWidth));
    const opts = {
      mode: 2,
      width: this.width,
      height: heightFor(this.width),
      scales: { x: { time: false }, y: {} },
      axes: [{ label: this.xLabel }, { label: this.yLabel }],
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
      series: [{}, ...series.map((s) => ({
        label: s.label,
        stroke: s.color,
        fill: s.points ? s.color : undefined,
        width: s.points ? 0 : 1.5,
        dash: s.dash,
        paths: s.points ? uPlot.paths.points() : uPlot.paths.linear(),
        points: s.points ? { show: true, size: 2.5, width: 0, fill: s.color, stroke: s.color } : { show: false },
      }))],
    };
    const data = [null, ...series.map((s) => [s.x, s.y])];
    this.plot = new uPlot(opts, data, this.container);
    this.container.dataset.series = String(series.length);
    this.container.dataset.points = String(series.reduce((n, s) => n + s.x.length, 0));
  }

  destroy() {
    if (this.plot) this.plot.destroy();
    this.plot = null;
    delete this.container.dataset.series;
    delete this.container.dataset.points;
  }
}
