// The checks of a test geometry (issue 53): the object of docs/interfaces.md ("Geometry"), with
// nodes (integer ids, finite coordinates), lines and faces between nodes, sensors (an output
// channel measured at a node along a direction) and the rules that move unmeasured nodes (slaved
// to a node, or linear between two). One message per fault, naming the file and the item.

import { badInput } from './errors.js';

/** `where: what`: the refusal of a geometry (a MechidError, code 'bad-input'). */
const fault = (where, what) => badInput(`${where}: ${what}`);

const isId = (v) => Number.isSafeInteger(v);
const finite = (v) => typeof v === 'number' && Number.isFinite(v);

/** A node of a line, face, sensor or rule must be one of `nodes`. */
function needNode(ids, id, where, what) {
  if (!isId(id)) throw fault(where, `${what} names node ${JSON.stringify(id)}, which is not an integer node id`);
  if (!ids.has(id)) throw fault(where, `${what} names node ${id}, which the geometry does not have`);
}

/** The direction of a sensor: three finite numbers, not all zero. */
function checkDirection(d, where, what) {
  if (!Array.isArray(d) || d.length !== 3 || !d.every(finite)) throw fault(where, `${what} has direction ${JSON.stringify(d)}; a direction is three finite numbers [x, y, z]`);
  if (d.every((v) => v === 0)) throw fault(where, `${what} has the zero direction [0, 0, 0]; give the axis it measures along, e.g. [0, 0, 1]`);
}

/** The node a rule follows: its master(s). */
export const mastersOf = (rule) => (rule.slave !== undefined ? [rule.slave] : rule.between);

/** Rules that make a node follow itself through others (1 → 2 → 1) are refused, naming the nodes. */
function checkCycles(rules, where) {
  const ruleOf = new Map(rules.map((r) => [r.node, r]));
  const state = new Map();  // node -> 1 visiting, 2 done
  const visit = (node, path) => {
    if (state.get(node) === 2 || !ruleOf.has(node)) return;
    if (state.get(node) === 1) {
      const cycle = [...path.slice(path.indexOf(node)), node];
      throw fault(where, `the rules make node ${node} follow itself (${cycle.join(' → ')}); give one of these nodes a sensor or no rule`);
    }
    state.set(node, 1);
    for (const m of mastersOf(ruleOf.get(node))) visit(m, [...path, node]);
    state.set(node, 2);
  };
  for (const r of rules) visit(r.node, []);
}

/**
 * `g` when it is a valid geometry, else an Error whose message names `where` (the file or the
 * editor) and the faulty item, numbered from 1 ("line 4 names node 12, which the geometry does not
 * have"): duplicate or non-integer node ids, a non-finite coordinate, a line, face, sensor or rule
 * naming a missing node, a zero direction, two sensors of one channel, two rules for one node, a
 * rule for a measured node, a rule cycle.
 */
export function checkGeometry(g, where = 'geometry') {
  if (!g || typeof g !== 'object' || !Array.isArray(g.nodes)) throw fault(where, 'a geometry is an object with a list of nodes');
  if (g.nodes.length === 0) throw fault(where, 'the geometry has no nodes');
  const ids = new Set();
  g.nodes.forEach((n, k) => {
    if (!n || !isId(n.id)) throw fault(where, `node ${k + 1} has id ${JSON.stringify(n?.id)}; a node id is an integer`);
    if (ids.has(n.id)) throw fault(where, `node ${k + 1} repeats the id ${n.id}`);
    ids.add(n.id);
    for (const axis of ['x', 'y', 'z']) if (!finite(n[axis])) throw fault(where, `node ${n.id} has ${axis} = ${JSON.stringify(n[axis])}; a coordinate is a finite number`);
  });
  for (const [list, kind, least] of [[g.lines ?? [], 'line', 2], [g.faces ?? [], 'face', 3]]) {
    if (!Array.isArray(list)) throw fault(where, `${kind}s must be a list`);
    list.forEach((item, k) => {
      if (!Array.isArray(item) || item.length < least || (kind === 'line' && item.length !== 2)) {
        throw fault(where, `${kind} ${k + 1} is ${JSON.stringify(item)}; a ${kind} is ${kind === 'line' ? 'two node ids [a, b]' : 'three or more node ids'}`);
      }
      for (const id of item) needNode(ids, id, where, `${kind} ${k + 1}`);
    });
  }
  const channels = new Map();
  (g.sensors ?? []).forEach((s, k) => {
    if (!s || typeof s.channel !== 'string' || s.channel === '') throw fault(where, `sensor ${k + 1} has no channel name`);
    const what = `sensor ${k + 1} (channel ${s.channel})`;
    if (channels.has(s.channel)) throw fault(where, `${what} repeats the channel of sensor ${channels.get(s.channel) + 1}; a channel is measured at one node`);
    channels.set(s.channel, k);
    needNode(ids, s.node, where, what);
    checkDirection(s.direction, where, what);
  });
  const measured = new Map((g.sensors ?? []).map((s) => [s.node, s.channel]));
  const ruled = new Map();
  (g.rules ?? []).forEach((r, k) => {
    const what = `rule ${k + 1}`;
    if (!r || typeof r !== 'object') throw fault(where, `${what} is not a rule ({node, slave} or {node, between: [a, b], t})`);
    needNode(ids, r.node, where, what);
    if (ruled.has(r.node)) throw fault(where, `${what} moves node ${r.node} again (rule ${ruled.get(r.node) + 1} moves it)`);
    ruled.set(r.node, k);
    if (measured.has(r.node)) throw fault(where, `${what} moves node ${r.node}, which channel ${measured.get(r.node)} measures; a rule moves an unmeasured node`);
    if (r.slave !== undefined) {
      if (r.between !== undefined) throw fault(where, `${what} has both slave and between; give one`);
      needNode(ids, r.slave, where, `${what} (slave)`);
    } else {
      if (!Array.isArray(r.between) || r.between.length !== 2) throw fault(where, `${what} needs slave: a node, or between: [a, b] with t`);
      r.between.forEach((id) => needNode(ids, id, where, `${what} (between)`));
      if (!finite(r.t) || r.t < 0 || r.t > 1) throw fault(where, `${what} has t = ${JSON.stringify(r.t)}; t is a number from 0 (node ${r.between[0]}) to 1 (node ${r.between[1]})`);
    }
  });
  checkCycles(g.rules ?? [], where);
  return g;
}
