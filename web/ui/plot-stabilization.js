// The stabilization diagram of modes() (web/views/modes.js): the model order on the y axis, the
// frequency on the x axis, each pole a mark by its stability (stable in frequency, damping and
// shape: a filled circle; in frequency only: a triangle; new or unstable: a cross), a ring on the
// poles taken as modes, over a curve (the sum of the FRF magnitudes, right log axis). A click near
// a pole calls onToggle(key) with the pole's key `${order}:${index}` (its index in its order's list).
// The marks are drawn by a path builder of their own (uPlot's points are circles only).
import uPlot from '../gen/vendor/uPlot.esm.js';
import { logSafe, tickText } from './plot-loglog.js';
import { COLOR, REFERENCE } from './palette.js';
import { ResizingPlot } from './plot.js';

export const CATEGORIES = [
  { key: 'stable', label: 'stable (f, ζ, shape)', color: COLOR.green, shape: 'circle', filled: true },
  { key: 'freq', label: 'stable in f only', color: COLOR.blue, shape: 'triangle', filled: false },
  { key: 'new', label: 'new or unstable', color: COLOR.red, shape: 'cross', filled: false },
];
const RING = { label: 'taken as mode', color: REFERENCE, shape: 'ring', filled: false };

/** The category of a pole of modes().stabilization. */
export const categoryOf = (p) => (p.stable ? 'stable' : p.stable_freq ? 'freq' : 'new');

// Adds one mark of `shape` (radius r, canvas pixels) centred at (x, y) to the path.
function addMark(path, shape, x, y, r) {
  if (shape === 'circle' || shape === 'ring') {
    path.moveTo(x + r, y);
    path.arc(x, y, r, 0, 2 * Math.PI);
  } else if (shape === 'triangle') {
    path.moveTo(x, y - r);
    path.lineTo(x + 0.87 * r, y + 0.5 * r);
    path.lineTo(x - 0.87 * r, y + 0.5 * r);
    path.closePath();
  } else {
    path.moveTo(x - r, y - r);
    path.lineTo(x + r, y + r);
    path.moveTo(x + r, y - r);
    path.lineTo(x - r, y + r);
  }
}

// A uPlot path builder drawing a mark at each non-null value of the series.
function marks(shape, filled, radius) {
  return (u, si, i0, i1) => {
    const stroke = new Path2D();
    const r = radius * uPlot.pxRatio;
    const xs = u.data[0], ys = u.data[si];
    for (let i = i0; i <= i1; i++) {
      if (ys[i] == null) continue;
      addMark(stroke, shape, u.valToPos(xs[i], 'x', true), u.valToPos(ys[i], 'y', true), r);
    }
    return { stroke, fill: filled ? stroke : null, clip: null, flags: 0 };
  };
}

const markSeries = ({ label, color, shape, filled }, radius) => ({
  label, stroke: color, fill: filled ? color : undefined, width: 1.25, scale: 'y', symbol: { shape, filled },
  paths: marks(shape, filled, radius), points: { show: false },
});

// The ring series: the order of each selected pole at its position in x, null elsewhere.
function ringValues(poles, index, selected, n) {
  const ring = new Array(n).fill(null);
  for (const key of selected) {
    const i = index.get(key);
    if (i !== undefined) ring[i] = poles.find((p) => p.key === key).order;
  }
  return ring;
}

export class StabilizationPlot extends ResizingPlot {
  /** onToggle(key): a click near a pole; curveLabel: what the background curve is (its axis and legend). */
  constructor(container, { onToggle, curveLabel = 'Σ |H|' }) {
    super(container, (width) => Math.round(Math.min(420, Math.max(280, width * 0.5))));
    this.onToggle = onToggle;
    this.curveLabel = curveLabel;
    this.poles = [];   // [{key, freq_hz, order}] as drawn
    this.index = null; // key -> position in x
    this.data = null;
    container.addEventListener('click', (e) => this.#click(e));
  }

  /**
   * Replaces the plot. stabilization: modes().stabilization; freq, curve: the background curve
   * (Hz, values > 0); selected: a Set of pole keys.
   */
  show(stabilization, freq, curve, selected) {
    const entries = [];
    for (const row of stabilization) {
      row.poles.forEach((p, k) => entries.push({ x: p.freq_hz, pole: { key: `${row.order}:${k}`, order: row.order, category: categoryOf(p), freq_hz: p.freq_hz } }));
    }
    const curveSafe = logSafe(curve);
    freq.forEach((f, k) => entries.push({ x: f, value: curveSafe[k] }));
    entries.sort((a, b) => a.x - b.x);
    const n = entries.length;
    const x = entries.map((e) => e.x);
    const line = entries.map((e) => (e.pole ? null : e.value));
    const bySeries = CATEGORIES.map((c) => entries.map((e) => (e.pole?.category === c.key ? e.pole.order : null)));
    const poles = entries.flatMap((e, i) => (e.pole ? [{ ...e.pole, i }] : []));
    const index = new Map(poles.map((p) => [p.key, p.i]));
    const maxOrder = Math.max(2, ...stabilization.map((r) => r.order));
    const data = [x, line, ...bySeries, ringValues(poles, index, selected, n)];
    const opts = {
      scales: { x: { time: false }, y: { range: [0, maxOrder + 2] }, mag: { distr: 3, log: 10 } },
      axes: [
        { label: 'f (Hz)' },
        { label: 'model order', scale: 'y' },
        { label: this.curveLabel, scale: 'mag', side: 1, grid: { show: false }, values: (u, splits) => splits.map(tickText) },
      ],
      series: [
        { label: 'f (Hz)' },
        { label: `${this.curveLabel} (right axis)`, stroke: COLOR.grey, width: 1, scale: 'mag', spanGaps: true, points: { show: false } },
        ...CATEGORIES.map((c) => markSeries(c, 3.5)),
        markSeries(RING, 7),
      ],
      legend: { live: false },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
    };
    this.mount(opts, data, { series: CATEGORIES.length + 2, points: poles.length });
    Object.assign(this, { poles, index, data });  // after mount, whose destroy() clears them
    this.container.dataset.poles = String(poles.length);
    this.#recordSelected(selected);
  }

  #recordSelected(selected) {
    this.container.dataset.selected = String([...selected].filter((k) => this.index.has(k)).length);
  }

  /** Redraws the rings for a new selection. */
  select(selected) {
    if (!this.plot) return;
    this.data[this.data.length - 1] = ringValues(this.poles, this.index, selected, this.data[0].length);
    this.plot.setData(this.data, false);
    this.#recordSelected(selected);
  }

  /** The position of a pole in CSS pixels relative to the plot's drawing area (for the tests). */
  position(key) {
    const p = this.poles.find((q) => q.key === key);
    return p && this.plot ? { left: this.plot.valToPos(p.freq_hz, 'x'), top: this.plot.valToPos(p.order, 'y') } : null;
  }

  #click(e) {
    const u = this.plot;
    if (!u || !u.over.contains(e.target)) return;
    const box = u.over.getBoundingClientRect();
    const px = e.clientX - box.left, py = e.clientY - box.top;
    let best = null, bestDistance = 12;  // CSS pixels
    for (const p of this.poles) {
      const d = Math.hypot(u.valToPos(p.freq_hz, 'x') - px, u.valToPos(p.order, 'y') - py);
      if (d < bestDistance) [best, bestDistance] = [p, d];
    }
    if (best) this.onToggle(best.key);
  }

  destroy() {
    super.destroy();
    this.data = null;
    this.poles = [];
    this.index = null;
  }
}
