// The report's mode-shape pictures (issue 53): the test geometry drawn as inline SVG in an
// orthographic projection, undeformed (faint) and deformed at one phase, from the nodes' motion of
// wasm/geometry.js (nodeMotion). A drawing aid, as web/ui/mode-animation.js: the numbers shown
// (frequency, damping) are the result's. The phase drawn is the one that makes the largest
// displacement real (the shape's own phase is arbitrary), the largest displacement 15 % of the
// geometry's size. Screen coordinates are rounded to 0.1 px: the same text in Node and the browser.
import { lineGeometry } from './geometry-generators.js';
import { mapSensors, nodeMotion } from './geometry.js';
import { COLOURS, figure } from './report-svg.js';

const W = 640, H = 300, MARGIN = 24;
const AMPLITUDE = 0.15;
// The axonometric view of a geometry in space: turned 35° about z, tilted 25° towards the viewer.
const AZ = (35 * Math.PI) / 180, EL = (25 * Math.PI) / 180;

/** Without a geometry: the channels as points on a line (x), each moving across it (z). */
export function channelLine(channelNames) {
  const g = lineGeometry(channelNames.length, { length: Math.max(channelNames.length - 1, 1) });
  g.source = 'the channels on a line (no geometry given)';
  g.sensors.forEach((s, k) => { s.channel = channelNames[k]; });
  return g;
}

// The projection (3-D point → screen u, v up) that shows the geometry and its motion best: the
// x-z plane when nothing has or moves along y, the x-y plane when nothing along z, else axonometric.
function projectionOf(g, re, im) {
  const flat = (d) => g.nodes.every((node, k) => node[['x', 'y', 'z'][d]] === 0 && re[3 * k + d] === 0 && im[3 * k + d] === 0);
  if (flat(1)) return { name: 'x–z plane', at: (x, y, z) => [x, z] };
  if (flat(2)) return { name: 'x–y plane', at: (x, y) => [x, y] };
  const c = Math.cos(AZ), s = Math.sin(AZ), ce = Math.cos(EL), se = Math.sin(EL);
  return { name: 'axonometric view', at: (x, y, z) => [x * c - y * s, z * ce - (x * s + y * c) * se] };
}

// The real displacement drawn: the motion turned by the phase of its largest component, scaled to
// AMPLITUDE times the geometry's size.
function displacementOf(g, motion) {
  const { re, im } = motion;
  let big = 0, phase = 0;
  for (let k = 0; k < re.length; k++) {
    const m = Math.hypot(re[k], im[k]);
    if (m > big) { big = m; phase = Math.atan2(im[k], re[k]); }
  }
  const c = Math.cos(phase), s = Math.sin(phase);
  const real = Float64Array.from(re, (a, k) => a * c + im[k] * s);
  let longest = 0;
  for (let k = 0; k < g.nodes.length; k++) longest = Math.max(longest, Math.hypot(real[3 * k], real[3 * k + 1], real[3 * k + 2]));
  let size = 0;
  for (const d of ['x', 'y', 'z']) {
    const v = g.nodes.map((n) => n[d]);
    size = Math.max(size, Math.max(...v) - Math.min(...v));
  }
  const scale = longest > 0 ? (AMPLITUDE * (size || 1)) / longest : 0;
  return real.map((v) => v * scale);
}

/**
 * The picture of one mode on geometry `g` (checked): `shape` = {re, im} per channel of
 * `channelNames`; `caption` names the mode. Returns a figure (HTML text).
 */
export function shapePicture(g, channelNames, shape, caption) {
  const motion = nodeMotion(g, channelNames, shape);
  const d = displacementOf(g, motion);
  const view = projectionOf(g, motion.re, motion.im);
  const still = g.nodes.map((n) => view.at(n.x, n.y, n.z));
  let moved = g.nodes.map((n, k) => view.at(n.x + d[3 * k], n.y + d[3 * k + 1], n.z + d[3 * k + 2]));
  // A structure on a line moving along it (a chain of masses): the deformed drawing below the
  // undeformed one, each node joined to its place, else the two would lie on each other.
  const flatLine = still.concat(moved).every((p) => p[1] === still[0][1]);
  const us0 = still.map((p) => p[0]);
  const below = flatLine ? 0.3 * ((Math.max(...us0) - Math.min(...us0)) || 1) : 0;
  if (below) moved = moved.map(([u, v]) => [u, v - below]);
  const all = still.concat(moved);
  const us = all.map((p) => p[0]), vs = all.map((p) => p[1]);
  const u0 = Math.min(...us), u1 = Math.max(...us), v0 = Math.min(...vs), v1 = Math.max(...vs);
  const k = Math.min((W - 2 * MARGIN) / ((u1 - u0) || 1), (H - 2 * MARGIN) / ((v1 - v0) || 1));
  const cu = (W - k * (u1 - u0)) / 2, cv = (H - k * (v1 - v0)) / 2;
  const at = (p) => `${(cu + k * (p[0] - u0)).toFixed(1)} ${(H - cv - k * (p[1] - v0)).toFixed(1)}`;
  const index = new Map(g.nodes.map((n, j) => [n.id, j]));
  const draw = (points, colour, width, fill) => [
    ...(g.faces ?? []).map((f) => `<path d="M${f.map((id) => at(points[index.get(id)])).join('L')}Z" fill="${fill}" stroke="none"/>`),
    ...g.lines.map(([a, b]) => `<path d="M${at(points[index.get(a)])}L${at(points[index.get(b)])}" stroke="${colour}" stroke-width="${width}" fill="none"/>`),
  ].join('');
  const links = below ? still.map((p, j) => `<path d="M${at(p)}L${at(moved[j])}" stroke="#999" stroke-dasharray="3 3" fill="none"/>`).join('') : '';
  const dots = moved.map((p, j) => {
    const [x, y] = at(p).split(' ');
    return motion.moved[j] ? `<circle cx="${x}" cy="${y}" r="3" fill="${COLOURS[0]}"/>` : `<circle cx="${x}" cy="${y}" r="3" fill="#fff" stroke="#888"/>`;
  });
  return figure(draw(still, '#bbb', 1, 'rgba(0,0,0,0.04)') + links + draw(moved, COLOURS[0], 2, 'rgba(11,92,173,0.12)') + dots.join(''),
    `${caption} (${view.name}; undeformed grey, deformed blue${below ? ' drawn below it, each node joined to its place: the motion is along the line' : ''}; open circles: nodes no sensor or rule moves)`);
}

/** The channels of `channelNames` no sensor of `g` measures (listed in the report). */
export const unmappedChannels = (g, channelNames) => mapSensors(g, channelNames).unmapped;
