// Geometries of the simple cases (issue 53): points on a line, a grid, a shear frame (storeys ×
// sensors per storey) and the chain of masses of the presets. Each names its sensors as the
// analyses name their outputs (q1..qn for displacements, a1.. with `prefix: 'a'`), numbered in
// the order of the nodes they measure, so a result's channels find their nodes without a mapping.

import { badInput } from './errors.js';

const need = (ok, what) => { if (!ok) throw badInput(what); };
const count = (n, name, least = 1) => need(Number.isSafeInteger(n) && n >= least, `${name} must be an integer ≥ ${least}, got ${JSON.stringify(n)}`);
const positive = (v, name) => need(typeof v === 'number' && Number.isFinite(v) && v > 0, `${name} must be a positive number, got ${JSON.stringify(v)}`);

const AXES = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };

/**
 * n points on the x axis from 0 to `length` (node i at x = length·(i − 1)/(n − 1), ids 1..n),
 * joined in order, each measured along `direction` ('z': across the line, as a beam bends).
 */
export function lineGeometry(n, { length = 1, direction = 'z', prefix = 'q', units = 'm' } = {}) {
  count(n, 'the number of points');
  positive(length, 'the length');
  const nodes = Array.from({ length: n }, (_, i) => ({ id: i + 1, x: n === 1 ? 0 : (length * i) / (n - 1), y: 0, z: 0 }));
  return {
    units, source: `editor: ${n} points on a line`, nodes,
    lines: nodes.slice(1).map((node) => [node.id - 1, node.id]), faces: [],
    sensors: nodes.map((node) => ({ channel: `${prefix}${node.id}`, node: node.id, direction: [...AXES[direction]] })), rules: [],
  };
}

/**
 * nx × ny points in the x-y plane, spacing dx, dy (node (i, j) has id j·nx + i + 1 at (i·dx, j·dy, 0)),
 * the lines between neighbours and one quadrilateral face per cell, each point measured along z.
 */
export function gridGeometry(nx, ny, { dx = 1, dy = 1, prefix = 'q', units = 'm' } = {}) {
  count(nx, 'the points along x');
  count(ny, 'the points along y');
  positive(dx, 'dx');
  positive(dy, 'dy');
  const id = (i, j) => j * nx + i + 1;
  const nodes = [], lines = [], faces = [];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      nodes.push({ id: id(i, j), x: i * dx, y: j * dy, z: 0 });
      if (i + 1 < nx) lines.push([id(i, j), id(i + 1, j)]);
      if (j + 1 < ny) lines.push([id(i, j), id(i, j + 1)]);
      if (i + 1 < nx && j + 1 < ny) faces.push([id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)]);
    }
  }
  return {
    units, source: `editor: grid ${nx} × ${ny}`, nodes, lines, faces,
    sensors: nodes.map((node) => ({ channel: `${prefix}${node.id}`, node: node.id, direction: [0, 0, 1] })), rules: [],
  };
}

/**
 * A plane shear frame in x-z: storeys + 1 levels at z = s·height (s = 0: the ground), each with
 * `sensorsPerStorey` nodes across the width (x = width·j/(m − 1); one sensor: a second node at
 * x = width slaved to it, the floor moving as one). Level s, column j has id s·cols + j + 1; the
 * columns join the levels, the beams the nodes of a level. Each storey's nodes are measured along
 * x (the storey drift), channel k = (s − 1)·m + j + 1; the ground does not move.
 */
export function shearFrameGeometry(storeys, { height = 3, width = 6, sensorsPerStorey = 1, prefix = 'q', units = 'm' } = {}) {
  count(storeys, 'the number of storeys');
  count(sensorsPerStorey, 'the sensors per storey');
  positive(height, 'the storey height');
  positive(width, 'the width');
  const m = sensorsPerStorey, cols = Math.max(m, 2);
  const id = (s, j) => s * cols + j + 1;
  const nodes = [], lines = [], sensors = [], rules = [];
  for (let s = 0; s <= storeys; s++) {
    for (let j = 0; j < cols; j++) {
      nodes.push({ id: id(s, j), x: (width * j) / (cols - 1), y: 0, z: s * height });
      if (j > 0) lines.push([id(s, j - 1), id(s, j)]);
      if (s > 0) lines.push([id(s - 1, j), id(s, j)]);
      if (s === 0) continue;
      if (j < m) sensors.push({ channel: `${prefix}${(s - 1) * m + j + 1}`, node: id(s, j), direction: [1, 0, 0] });
      else rules.push({ node: id(s, j), slave: id(s, 0) });
    }
  }
  return { units, source: `editor: shear frame ${storeys} × ${m}`, nodes, lines, faces: [], sensors, rules };
}

/**
 * The presets' chain: n masses on the x axis (node i at x = i, ids 1..n, joined in order), each
 * measured along x (q_i: the mass moves along the row); `walls: true` adds the two walls the
 * chain<n> presets' end springs hold (ids n + 1 at x = 0 and n + 2 at x = n + 1; they stay still).
 */
export function chainGeometry(n, { walls = false, prefix = 'q', units = 'm', source = `chain of ${n} masses` } = {}) {
  count(n, 'the number of masses');
  const nodes = Array.from({ length: n }, (_, i) => ({ id: i + 1, x: i + 1, y: 0, z: 0 }));
  const lines = nodes.slice(1).map((node) => [node.id - 1, node.id]);
  if (walls) {
    nodes.push({ id: n + 1, x: 0, y: 0, z: 0 }, { id: n + 2, x: n + 1, y: 0, z: 0 });
    lines.push([n + 1, 1], [n, n + 2]);
  }
  return {
    units, source, nodes, lines, faces: [],
    sensors: Array.from({ length: n }, (_, i) => ({ channel: `${prefix}${i + 1}`, node: i + 1, direction: [1, 0, 0] })), rules: [],
  };
}

/** The geometry of a preset (its name as presetNames() gives it: 3dof, 8dof, msd, chain<n>), or null. */
export function presetGeometry(name) {
  const chain = /^chain(\d+)$/.exec(name);
  if (chain) return chainGeometry(Number(chain[1]), { walls: true, source: `preset ${name}` });
  const sizes = { '3dof': 3, '8dof': 8, msd: 1 };
  return sizes[name] ? chainGeometry(sizes[name], { source: `preset ${name}` }) : null;
}
