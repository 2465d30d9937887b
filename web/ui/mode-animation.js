// Animated mode shapes (issue 17 item 6), drawn as SVG: presentation only, the shapes come from the
// core (mechid.modal for M, D, K; mechid.modes for measured ones).
//  - A chain picture of an M, D, K system (showChain): masses as boxes in a row, springs (zigzag)
//    and dampers between neighbours where K and D couple them, to the walls (first and last mass)
//    or to the floor (the others) where a row of K or D does not sum to zero (the ground part),
//    and arcs above the row for couplings beyond neighbours (solid: K, dashed: D). Mass i moves
//    along the row by q_i(t) = A·φ_i cos ωt.
//  - A line picture of a measured shape (showLine): the sensors as points at equally spaced or
//    given positions, each moving across the line by A·Re(ψ_j e^{iωt}) = A·|ψ_j| cos(ωt + ∠ψ_j),
//    so a complex mode shows its travelling phase; a real one has nodes that stay.
// Display time: one cycle per PERIOD_S seconds whatever the mode's frequency; A is the amplitude
// slider (a fraction of the room between masses or of the picture's height). The loop
// (web/ui/phase-loop.js) runs only while playing and in view: it stops for good when the picture
// leaves the document, and starts paused under prefers-reduced-motion. The root's data-* attributes say what is drawn (data-frames,
// data-mode, data-playing, data-phase, data-displacements: the drawn displacements in units of
// the shape's largest entry), for tests.
import { el, fmt } from './dom.js';
import { PhaseLoop } from './phase-loop.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 720;

function svg(tag, attrs = {}) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

const r1 = (x) => Math.round(x * 10) / 10;

// A zigzag spring from p to q (points {x, y}), `coils` teeth of half-width w across the line.
function springPath(p, q, coils = 6, w = 6) {
  const dx = q.x - p.x, dy = q.y - p.y, len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
  const at = (s, t) => `${r1(p.x + ux * s + nx * t)} ${r1(p.y + uy * s + ny * t)}`;
  const lead = Math.min(8, len / 6), body = len - 2 * lead;
  let d = `M${at(0, 0)} L${at(lead, 0)}`;
  for (let k = 0; k < 2 * coils; k++) d += ` L${at(lead + (body * (k + 0.5)) / (2 * coils), k % 2 ? -w : w)}`;
  return `${d} L${at(len - lead, 0)} L${at(len, 0)}`;
}

// A damper from p to q: a rod and an open cylinder fixed to p, a piston plate and rod fixed to q;
// `rest` is the length at rest (the cylinder's size), so the piston slides as the ends move.
function damperPath(p, q, rest, w = 6) {
  const dx = q.x - p.x, dy = q.y - p.y, len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
  const at = (s, t) => `${r1(p.x + ux * s + nx * t)} ${r1(p.y + uy * s + ny * t)}`;
  const c0 = 0.25 * rest, c1 = 0.7 * rest, plate = len - 0.5 * rest;
  return `M${at(0, 0)} L${at(c0, 0)} M${at(c1, -w)} L${at(c0, -w)} L${at(c0, w)} L${at(c1, w)}`
    + ` M${at(plate, -w + 2)} L${at(plate, w - 2)} M${at(plate, 0)} L${at(len, 0)}`;
}

// The couplings of a symmetric n × n matrix (row-major data): [{i, j}] for i < j with a nonzero
// entry, and the ground part per DOF (its row sum) when it is not negligible.
function couplings(m, n) {
  const largest = m.data.reduce((a, x) => Math.max(a, Math.abs(x)), 0);
  const tol = 1e-9 * largest;
  const pairs = [];
  const ground = [];
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const x = m.data[i * n + j];
      sum += x;
      if (j > i && (Math.abs(x) > tol || Math.abs(m.data[j * n + i]) > tol)) pairs.push({ i, j });
    }
    if (Math.abs(sum) > tol) ground.push(i);
  }
  return { pairs, ground };
}

/**
 * A mode animation in `container` (replacing its content): a mode selector, a play/pause button,
 * an amplitude slider and the SVG picture. `id` prefixes the controls' ids.
 */
export class ModeAnimation {
  constructor(container, { id, label = 'Mode shape' }) {
    this.id = id;
    this.root = el('figure', undefined, { class: 'mode-anim', id, 'data-frames': '0', 'data-playing': 'false' });
    const controls = el('div', undefined, { class: 'mode-anim-controls' });
    const modeLabel = el('label', 'Mode ');
    this.select = el('select', undefined, { id: `${id}-mode` });
    modeLabel.append(this.select);
    this.button = el('button', 'Play', { type: 'button', id: `${id}-play`, 'aria-pressed': 'false' });
    const ampLabel = el('label', 'Amplitude ');
    this.amplitude = el('input', undefined, { type: 'range', id: `${id}-amplitude`, min: '0', max: '1', step: '0.05', value: '0.6' });
    ampLabel.append(this.amplitude);
    controls.append(modeLabel, ' ', this.button, ' ', ampLabel);
    this.picture = svg('svg', { class: 'mode-anim-svg', role: 'img', 'aria-label': label });
    this.caption = el('figcaption', undefined, { class: 'hint' });
    this.root.append(controls, this.picture, this.caption);
    container.replaceChildren(this.root);

    this.modes = [];
    this.mode = 0;
    this.frames = 0;
    this.loop = new PhaseLoop(this.root, this.button, () => this.draw(), { canPlay: () => this.modes.length > 0, detached: () => this.destroy() });
    this.select.addEventListener('change', () => this.choose(Number(this.select.value)));
    this.amplitude.addEventListener('input', () => this.draw());
  }

  /**
   * An M, D, K system ({M, D, K}: row-major {rows, cols, data}) and its modes
   * ([{freq_hz, zeta, shape: number[] per DOF}]), as masses in a row.
   */
  showChain(system, modes) {
    const n = system.M.rows;
    this.kind = 'chain';
    this.n = n;
    this.modes = modes.map((m) => ({ ...m, psi: Array.from(m.shape, (x) => [x, 0]) }));
    const k = couplings(system.K, n), d = couplings(system.D, n);
    const gap = WIDTH / (n + 1);          // distance between rest positions
    const box = Math.min(56, gap * 0.45);
    const y = 110, floor = 190;
    this.picture.setAttribute('viewBox', `0 0 ${WIDTH} ${floor + 12}`);
    this.picture.replaceChildren();
    this.room = gap - box;                // the largest sensible displacement
    const rest = Array.from({ length: n }, (_, i) => gap * (i + 1));
    const walls = svg('path', { class: 'mode-anim-ground', d: `M10 ${y - 45} V${y + 45} M${WIDTH - 10} ${y - 45} V${y + 45} M10 ${floor} H${WIDTH - 10}` });
    this.picture.append(walls);
    const ghosts = rest.map((x) => svg('rect', { class: 'mode-anim-rest', x: r1(x - box / 2), y: r1(y - box / 2), width: r1(box), height: r1(box) }));
    this.picture.append(...ghosts);
    // Links: [{path, kind, ends(x) -> [p, q], rest}] redrawn each frame.
    this.links = [];
    const link = (kind, ends, restLen, extra = {}) => {
      const path = svg('path', { class: `mode-anim-${kind}`, ...extra });
      this.links.push({ path, kind, ends, rest: restLen });
      this.picture.append(path);
    };
    const both = (i, j) => k.pairs.some((p) => p.i === i && p.j === j) && d.pairs.some((p) => p.i === i && p.j === j);
    for (const [set, kind] of [[k, 'spring'], [d, 'damper']]) {
      for (const { i, j } of set.pairs) {
        if (j === i + 1) {
          const dy = both(i, j) ? (kind === 'spring' ? -14 : 14) : 0;
          link(kind, (x) => [{ x: x[i] + box / 2, y: y + dy }, { x: x[j] - box / 2, y: y + dy }], gap - box);
        } else {
          const h = Math.min(100, 22 * (j - i - 1));  // the arc's peak stays in the picture
          const lift = kind === 'spring' ? 44 : 20;  // a D arc under the K arc of the same pair
          link(`arc-${kind}`, (x) => {
            const a = { x: x[i], y: y - box / 2 }, b = { x: x[j], y: y - box / 2 };
            return [a, b, { x: (a.x + b.x) / 2, y: y - box / 2 - lift - h }];
          }, 0);
        }
      }
      for (const i of set.ground) {
        const both0 = k.ground.includes(i) && d.ground.includes(i);
        const off = both0 ? (kind === 'spring' ? -14 : 14) : 0;
        if (i === 0) link(kind, (x) => [{ x: 10, y: y + off }, { x: x[0] - box / 2, y: y + off }], rest[0] - box / 2 - 10);
        else if (i === n - 1) link(kind, (x) => [{ x: x[n - 1] + box / 2, y: y + off }, { x: WIDTH - 10, y: y + off }], WIDTH - 10 - rest[n - 1] - box / 2);
        else link(kind, (x) => [{ x: rest[i] + off, y: floor }, { x: x[i] + off, y: y + box / 2 }], floor - y - box / 2);
      }
    }
    this.masses = rest.map((x, i) => {
      const g = svg('g', { class: 'mode-anim-mass', 'data-dof': i + 1 });
      g.append(svg('rect', { x: r1(-box / 2), y: r1(y - box / 2), width: r1(box), height: r1(box), rx: 3 }));
      const t = svg('text', { x: 0, y: y + 5, 'text-anchor': 'middle' });
      t.textContent = `m${i + 1}`;
      g.append(t);
      this.picture.append(g);
      return g;
    });
    this.rest = rest;
    this.root.dataset.masses = String(n);
    this.caption.textContent = `${n} mass${n === 1 ? '' : 'es'} in a row, each moving along the row in the chosen mode; `
      + 'zigzags are springs (K), pistons dampers (D), to the walls or the floor where a row of the matrix does not sum to zero; '
      + 'arcs above join masses coupled beyond their neighbours (solid: K, dashed: D). Outlines: rest positions.';
    this.fill();
  }

  /**
   * Measured shapes: modes [{freq_hz, zeta, shape: [[re, im] per sensor]}], the sensors' names
   * and their positions along the line (equally spaced when not given).
   */
  showLine(modes, { labels = [], positions } = {}) {
    this.kind = 'line';
    const n = modes[0]?.shape.length ?? 0;
    this.n = n;
    this.modes = modes.map((m) => ({ ...m, psi: m.shape.map((z) => [z[0] ?? 0, z[1] ?? 0]) }));
    const xs = positions?.length === n ? positions : Array.from({ length: n }, (_, j) => j);
    const lo = Math.min(...xs), hi = Math.max(...xs), span = hi - lo || 1;
    const left = 60, right = WIDTH - 60, y = 110;
    this.rest = xs.map((x) => (n === 1 ? WIDTH / 2 : left + ((x - lo) / span) * (right - left)));
    this.room = 80;
    this.lineY = y;
    this.picture.setAttribute('viewBox', `0 0 ${WIDTH} 220`);
    this.picture.replaceChildren();
    const order = this.rest.map((_, j) => j).sort((a, b) => this.rest[a] - this.rest[b]);
    this.order = order;
    this.picture.append(svg('path', { class: 'mode-anim-rest-line', d: `M${r1(left - 20)} ${y} H${r1(right + 20)}` }));
    this.envelope = svg('path', { class: 'mode-anim-envelope' });
    this.line = svg('polyline', { class: 'mode-anim-line', fill: 'none' });
    this.picture.append(this.envelope, this.line);
    this.masses = this.rest.map((x, j) => {
      const g = svg('g', { class: 'mode-anim-sensor', 'data-sensor': j + 1 });
      g.append(svg('circle', { cx: 0, cy: y, r: 6 }));
      const t = svg('text', { x: 0, y: 212, 'text-anchor': 'middle' });
      t.textContent = labels[j] ?? `sensor ${j + 1}`;  // user column names: text only
      this.picture.append(g, t);
      t.setAttribute('x', r1(x));
      return g;
    });
    this.links = [];
    this.root.dataset.masses = String(n);
    this.caption.textContent = `The shape at the ${n} sensor${n === 1 ? '' : 's'}, each moving across the line by Re(ψ·e^(iωt)): `
      + 'points of a real mode move in or against phase, a complex mode travels. Ticks: the largest excursion of each sensor.';
    this.fill();
  }

  fill() {
    this.select.replaceChildren(...this.modes.map((m, k) => new Option(`mode ${k + 1}: ${fmt(m.freq_hz)} Hz, ζ = ${fmt(m.zeta, 3)}`, String(k))));
    this.select.disabled = this.modes.length === 0;
    this.choose(Math.min(this.mode, Math.max(0, this.modes.length - 1)));
    this.loop.setPlaying(this.loop.playing);
  }

  choose(k) {
    this.mode = k;
    this.select.value = String(k);
    this.loop.phase = 0;  // the shape at its largest real part first
    this.root.dataset.mode = String(k + 1);
    const m = this.modes[k];
    if (m) {
      this.scale = Math.max(...m.psi.map(([re, im]) => Math.hypot(re, im))) || 1;
      this.picture.setAttribute('aria-label', `Mode ${k + 1} of ${this.modes.length}: ${fmt(m.freq_hz)} Hz, damping ratio ${fmt(m.zeta, 3)}, animated`);
      if (this.kind === 'line') {
        const a = this.room;
        this.envelope.setAttribute('d', m.psi.map(([re, im], j) => {
          const e = (a * Math.hypot(re, im)) / this.scale;
          return `M${r1(this.rest[j] - 5)} ${r1(this.lineY - e)} h10 M${r1(this.rest[j] - 5)} ${r1(this.lineY + e)} h10`;
        }).join(' '));
      }
    }
    this.draw();
  }

  // The displacements at the current phase, in units of the shape's largest entry.
  displacements() {
    const m = this.modes[this.mode];
    if (!m) return [];
    const c = Math.cos(this.loop.phase), s = Math.sin(this.loop.phase);
    return m.psi.map(([re, im]) => (re * c - im * s) / this.scale);
  }

  draw() {
    const q = this.displacements();
    if (!this.masses || q.length === 0) return;
    const a = Number(this.amplitude.value) * (this.kind === 'chain' ? 0.5 * this.room : this.room);
    if (this.kind === 'chain') {
      const x = this.rest.map((r, i) => r + a * q[i]);
      this.masses.forEach((g, i) => g.setAttribute('transform', `translate(${r1(x[i])} 0)`));
      for (const l of this.links) {
        const [p, e, c] = l.ends(x);
        if (c) l.path.setAttribute('d', `M${r1(p.x)} ${r1(p.y)} Q${r1(c.x)} ${r1(c.y)} ${r1(e.x)} ${r1(e.y)}`);
        else l.path.setAttribute('d', l.kind === 'spring' ? springPath(p, e) : damperPath(p, e, l.rest));
      }
    } else {
      const y = q.map((v) => this.lineY - a * v);
      this.masses.forEach((g, j) => g.setAttribute('transform', `translate(${r1(this.rest[j])} ${r1(y[j] - this.lineY)})`));
      this.line.setAttribute('points', this.order.map((j) => `${r1(this.rest[j])},${r1(y[j])}`).join(' '));
    }
    this.frames += 1;
    this.root.dataset.frames = String(this.frames);
    this.root.dataset.phase = this.loop.phase.toFixed(4);
    this.root.dataset.displacements = q.map((v) => v.toFixed(4)).join(',');
  }

  /** Stops the loop and lets go of the observer (the picture stays as drawn). */
  destroy() {
    this.loop.stop();
  }
}
