// Thin wrapper over uPlot: one time plot per container, x = t, one series per channel.
import uPlot from '../gen/vendor/uPlot.esm.js';
import { download, safeName } from './export.js';

export const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2',
  '#7f7f7f', '#bcbd22', '#17becf'];

/** Columns of a row-major matrix {rows, cols, data} as Float64Arrays. */
export function columnsOf(m) {
  const out = [];
  for (let j = 0; j < m.cols; j++) {
    const col = new Float64Array(m.rows);
    for (let i = 0; i < m.rows; i++) col[i] = m.data[i * m.cols + j];
    out.push(col);
  }
  return out;
}

// "PNG" and "SVG" buttons after a plot's container, saving the plot as `${name}.png|svg`
// (plot-export.js is loaded on the first press). Disabled while there is no plot.
function exportButtons(container, plotOf) {
  const name = safeName(container.id || 'plot');
  const tools = document.createElement('div');
  tools.className = 'plot-tools';
  const buttons = ['PNG', 'SVG'].map((kind) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = kind;
    b.disabled = true;
    b.id = `${name}-${kind.toLowerCase()}`;
    b.setAttribute('aria-label', `Save the plot ${name} as ${kind}`);
    b.addEventListener('click', async () => {
      const u = plotOf();
      if (!u) return;
      const { plotToPng, plotToSvg } = await import('./plot-export.js');
      const blob = kind === 'PNG' ? await plotToPng(u) : new Blob([plotToSvg(u)], { type: 'image/svg+xml' });
      download(blob, `${name}.${kind.toLowerCase()}`);
    });
    tools.append(b);
    return b;
  });
  container.after(tools);
  return (enabled) => buttons.forEach((b) => { b.disabled = !enabled; });
}

/**
 * One uPlot in a container, following the container's width (height = heightFor(width)), with
 * data-series and data-points on the container for the tests, and PNG/SVG export buttons. The
 * plots of every section extend it.
 */
export class ResizingPlot {
  constructor(container, heightFor) {
    this.container = container;
    this.heightFor = heightFor;
    this.plot = null;
    this.width = 0;
    this.observer = new ResizeObserver(() => this.#resize());
    this.observer.observe(container);
    container.plotTools ??= exportButtons(container, () => container.currentPlot);
  }

  #resize() {
    const width = Math.floor(this.container.clientWidth);
    if (!this.plot || width === this.width || width <= 0) return;
    this.width = width;
    this.plot.setSize({ width, height: this.heightFor(width) });
  }

  /** Replaces the plot: opts without width and height, uPlot's data, the counts to record. */
  mount(opts, data, { series, points }) {
    this.destroy();
    this.width = Math.max(1, Math.floor(this.container.clientWidth));
    this.plot = new uPlot({ ...opts, width: this.width, height: this.heightFor(this.width) }, data, this.container);
    this.container.dataset.series = String(series);
    this.container.dataset.points = String(points);
    this.container.currentPlot = this.plot;
    this.container.plotTools(true);
  }

  destroy() {
    if (this.plot) this.plot.destroy();
    this.plot = null;
    delete this.container.dataset.points;
    delete this.container.dataset.series;
    this.container.currentPlot = null;
    this.container.plotTools(false);
  }

  /** Destroys the plot and stops following the container's width (a plot made per result). */
  dispose() {
    this.destroy();
    this.observer.disconnect();
  }
}

export class TimePlot extends ResizingPlot {
  /** yLabel: axis label; prefix: series names prefix + 1-based channel ('q' -> q1, q2, …). */
  constructor(container, { yLabel, prefix }) {
    super(container, (width) => Math.round(Math.min(280, Math.max(200, width * 0.45))));
    this.yLabel = yLabel;
    this.prefix = prefix;
  }

  /** Replaces the plot; t: Float64Array, matrix: n x channels. */
  show(t, matrix) {
    const ys = columnsOf(matrix);
    const series = [{ label: 't (s)' }];
    ys.forEach((_, j) => series.push({
      label: `${this.prefix}${j + 1}`,
      stroke: COLORS[j % COLORS.length],
      width: 1,
      points: { show: false },
    }));
    const opts = { scales: { x: { time: false } }, axes: [{ label: 't (s)' }, { label: this.yLabel }], series };
    this.mount(opts, [t, ...ys], { series: ys.length, points: t.length });
  }
}
