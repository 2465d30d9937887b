// x-y uPlot wrapper (uPlot's mode 2), used by the "Nonlinear stiffness" section: phase portraits as
// point clouds, one series per region, and force-displacement curves as lines. Each series
// carries its own x and y, so unsorted data (a trajectory) is fine.
import uPlot from '../gen/vendor/uPlot.esm.js';
import { PALETTE } from './palette.js';
import { ResizingPlot } from './plot.js';

export const REGION_COLORS = PALETTE;

export class XYPlot extends ResizingPlot {
  constructor(container, { xLabel, yLabel }) {
    super(container, (width) => Math.round(Math.min(300, Math.max(220, width * 0.6))));
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  /**
   * Replaces the plot. series: [{label, color, x, y, points?, dash?}]: points true draws a
   * cloud of small dots, otherwise a line through the points in their order.
   */
  show(series) {
    const opts = {
      mode: 2,
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
    this.mount(opts, data, { series: series.length, points: series.reduce((n, s) => n + s.x.length, 0) });
  }
}
