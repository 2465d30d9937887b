// Thin wrapper over uPlot: one plot per container following its width, with PNG/SVG buttons.
// Colours come from web/ui/palette.js; plots of several channels against t are in plot-channels.js.
import uPlot from '../gen/vendor/uPlot.esm.js';
import { download, safeName } from './export.js';

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

/**
 * "PNG" and "SVG" buttons after a plot's container, saving its plots (plotsOf(): the uPlots shown,
 * one or a stack of panels, top to bottom) as one picture `${name}.png|svg` (plot-export.js is
 * loaded on the first press). Returns enable(on): the buttons are disabled while there is no plot.
 */
export function exportButtons(container, plotsOf) {
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
      const plots = plotsOf();
      if (!plots.length) return;
      const { plotsToPng, plotsToSvg } = await import('./plot-export.js');
      const blob = kind === 'PNG' ? await plotsToPng(plots) : new Blob([plotsToSvg(plots)], { type: 'image/svg+xml' });
      download(blob, `${name}.${kind.toLowerCase()}`);
    });
    tools.append(b);
    return b;
  });
  container.after(tools);
  return (enabled) => buttons.forEach((b) => { b.disabled = !enabled; });
}

// A legend's marker drawn dashed for a dashed series (uPlot draws every marker solid), so that the
// legend tells apart what only the dash tells apart in the plot.
const markerDash = (u, i) => (u.series[i].dash?.length ? 'dashed' : 'solid');

/** uPlot options with the page's defaults (legend markers dashed like their series) under `opts`. */
export function withDefaults(opts) {
  return { ...opts, legend: { ...opts.legend, markers: { dash: markerDash, ...opts.legend?.markers } } };
}

/**
 * Records on a plot container what it shows, for its PNG/SVG buttons and the tests: the counts
 * {series, points, panels} as data attributes (those not given removed) and
 * container.currentPlot(s); the buttons are enabled while `plots` is not empty.
 */
export function publishPlots(container, plots, counts = {}) {
  for (const key of ['series', 'points', 'panels']) {
    if (counts[key] === undefined) delete container.dataset[key];
    else container.dataset[key] = String(counts[key]);
  }
  container.currentPlot = plots[0] ?? null;
  container.currentPlots = [...plots];
  container.plotTools(plots.length > 0);
}

/**
 * One uPlot in a container, following the container's width (height = heightFor(width)), with
 * data-series and data-points on the container for the tests, container.currentPlots = [it],
 * and PNG/SVG export buttons. The single plots of the sections extend it; channels against t are
 * drawn by plot-channels.js (several panels in one container, plot-stack.js).
 */
export class ResizingPlot {
  constructor(container, heightFor) {
    this.container = container;
    this.heightFor = heightFor;
    this.plot = null;
    this.width = 0;
    this.observer = new ResizeObserver(() => this.#resize());
    this.observer.observe(container);
    container.plotTools ??= exportButtons(container, () => container.currentPlots ?? []);
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
    this.plot = new uPlot({ ...withDefaults(opts), width: this.width, height: this.heightFor(this.width) }, data, this.container);
    publishPlots(this.container, [this.plot], { series, points });
  }

  destroy() {
    if (this.plot) this.plot.destroy();
    this.plot = null;
    publishPlots(this.container, []);
  }

  /** Destroys the plot and stops following the container's width (a plot made per result). */
  dispose() {
    this.destroy();
    this.observer.disconnect();
  }
}
