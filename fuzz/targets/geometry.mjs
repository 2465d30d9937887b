// Target geometry: a geometry file (issue 53) in each form the page and `mechid report --geometry`
// read (wasm/geometry-read.js): the CSV form and the JSON of a shear frame with rules, a grid with
// faces and a chain, and a universal file of nodes, trace lines and elements
// (tests/fixtures/geometry/uff-geometry.mjs), mutated line- and byte-wise: ids, coordinates,
// directions and t at extremes, rows repeated, deleted or swapped, separators and pen-ups, then
// read and moved (calls.mjs geometryRead).
import { chainGeometry, geometryToJson, gridGeometry, shearFrameGeometry } from '../../wasm/geometry.js';
import { geometryUff } from '../../tests/fixtures/geometry/uff-geometry.mjs';

const TOKENS = ['0', '-1', '1', '2', '3', '1e308', '-1e308', '5e-324', 'NaN', 'Infinity', '9007199254740993', '1.5', '', ',', ';', '\t',
  '\n', '\r\n', '#', '+X', '-Z', 'x', 'node', 'line', 'face', 'sensor', 'slave', 'between', '"', '{', '}', '[', ']', 'null', '"a1"',
  '    -1', '    15', '    82', '  2412', '         0', '        99'];

const NUMBER = /-?\d+(\.\d+)?(e[+-]?\d+)?/gi;

const csvOf = (g) => [
  `units,${g.units}`, ...g.nodes.map((n) => `node,${n.id},${n.x},${n.y},${n.z}`), ...g.lines.map((l) => `line,${l.join(',')}`),
  ...g.faces.map((f) => `face,${f.join(',')}`), ...g.sensors.map((s) => `sensor,${s.channel},${s.node},${s.direction.join(',')}`),
  ...g.rules.map((r) => (r.slave !== undefined ? `slave,${r.node},${r.slave}` : `between,${r.node},${r.between.join(',')},${r.t}`)),
].join('\n');

export function setup() {
  const frame = shearFrameGeometry(2, { sensorsPerStorey: 1 });
  frame.rules.push({ node: 2, between: [1, 6], t: 0.25 });
  const shapes = [frame, gridGeometry(3, 2), chainGeometry(3, { walls: true })];
  const uff = geometryUff({
    nodes: frame.nodes, traces: [[1, 3, 5, 0, 2, 4, 6]],
    elements: [{ id: 1, type: 11, nodes: [3, 4] }, { id: 2, type: 94, nodes: [1, 2, 4, 3] }, { id: 3, type: 111, nodes: [1, 2, 3, 5] }],
  });
  return { bases: [...shapes.map((g) => ({ form: 'csv', text: csvOf(g) })), ...shapes.map((g) => ({ form: 'json', text: geometryToJson(g) })), { form: 'uff', text: uff }] };
}

export function arbitrary(fc, { bases }) {
  const mutation = fc.record({ op: fc.nat({ max: 6 }), a: fc.nat(), b: fc.nat() });
  return fc.record({ base: fc.nat({ max: bases.length - 1 }), mutations: fc.array(mutation, { maxLength: 4 }) });
}

/** The text after a mutation {op, a, b}. */
function mutate(text, { op, a, b }) {
  const lines = text.split('\n');
  const line = a % lines.length, at = text.length ? a % text.length : 0;
  const token = TOKENS[b % TOKENS.length];
  switch (op) {
    case 0: return text.slice(0, at) + token + text.slice(at);  // a token inserted
    case 1: {  // one number replaced
      const count = (text.match(NUMBER) ?? []).length;
      let k = 0;
      return text.replace(NUMBER, (x) => (k++ === a % Math.max(count, 1) ? token : x));
    }
    case 2: lines.splice(line, 0, lines[line]); return lines.join('\n');  // a line twice
    case 3: lines.splice(line, 1); return lines.join('\n');  // a line deleted
    case 4: { const other = b % lines.length; [lines[line], lines[other]] = [lines[other], lines[line]]; return lines.join('\n'); }
    case 5: return text.slice(0, at);  // truncated
    default: return text.slice(0, at) + text.slice(at + 1 + (b % 16));  // characters deleted
  }
}

export function prepare(mechid, c, { bases }) {
  const base = bases[c.base];
  return { fn: 'geometryRead', args: { form: base.form, text: c.mutations.reduce(mutate, base.text) } };
}
