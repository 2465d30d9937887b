// Target system-json: a system file (`--system FILE`, the page's system upload): a preset written
// as JSON, its matrices mutated (entries at extremes, rows and columns dropped or added, matrices
// swapped, keys removed or of the wrong type) and its text cut or overflowed, then read as the CLI's
// loadSystem does (JSON.parse, systemFromJson, checkSystem), and its modes and a short simulation
// computed.
import { systemToJson } from '../../wasm/api.js';

const VALUES = [0, -1, 1e308, -1e308, 5e-324, 1e-300, 1e300, 2 ** 53, 1e-12];
const JUNK = [null, 'x', [], {}, [[]], [[1, 2], [3]], true, [[null]]];
const KEYS = ['M', 'D', 'K', 'L'];

// The matrix `key` of sys when it is still an array of rows (an earlier operator may have made it junk).
const rowsOf = (sys, key) => (Array.isArray(sys[key]) && sys[key].every(Array.isArray) ? sys[key] : null);

// Each operator changes `sys` (nested arrays) in place from the generated naturals a, b.
const OPS = {
  entry(sys, a, b) { const row = rowsOf(sys, KEYS[a % 4])?.[a % 5]; if (row?.length) row[b % row.length] = VALUES[b % VALUES.length]; },
  scale(sys, a, b) { const m = rowsOf(sys, KEYS[a % 3]); if (m) sys[KEYS[a % 3]] = m.map((row) => row.map((x) => x * [1e300, 1e-300, -1, 0][b % 4])); },
  dropRow(sys, a) { rowsOf(sys, KEYS[a % 4])?.pop(); },
  dropColumn(sys, a) { rowsOf(sys, KEYS[a % 4])?.forEach((row) => row.pop()); },
  addRow(sys, a) { const m = rowsOf(sys, KEYS[a % 4]); if (m?.length) m.push([...m[0]]); },
  asymmetric(sys, a, b) { const m = rowsOf(sys, KEYS[a % 3]); if (m?.length > 1 && m[0].length > 1) m[0][1] += VALUES[b % VALUES.length] || 1; },
  swap(sys, a, b) { const [p, q] = [KEYS[a % 3], KEYS[b % 3]]; [sys[p], sys[q]] = [sys[q], sys[p]]; },
  remove(sys, a) { delete sys[KEYS[a % 4]]; },
  junk(sys, a, b) { sys[KEYS[a % 4]] = JUNK[b % JUNK.length]; },
  name(sys, a) { sys.name = ['\u001b[2J', 'x'.repeat(10000), '', 42][a % 4]; },
};
const OPERATORS = Object.keys(OPS);

export async function setup(mechid) {
  return { presets: mechid.presetNames().map((name) => systemToJson(mechid.preset(name))) };
}

export function arbitrary(fc, { presets }) {
  return fc.record({
    preset: fc.nat({ max: presets.length - 1 }),
    mutations: fc.array(fc.record({ op: fc.nat({ max: OPERATORS.length - 1 }), a: fc.nat(), b: fc.nat() }), { maxLength: 3 }),
    text: fc.constantFrom('as-is', 'as-is', 'as-is', 'cut', 'overflow'),
    cut: fc.nat(),
  });
}

export function prepare(mechid, c, { presets }) {
  const sys = structuredClone(presets[c.preset]);
  for (const { op, a, b } of c.mutations) OPS[OPERATORS[op]](sys, a, b);
  let text = JSON.stringify(sys);
  if (c.text === 'cut') text = text.slice(0, c.cut % text.length);
  if (c.text === 'overflow') text = text.replace(/\d+(\.\d+)?(e[-+]?\d+)?/, '1e999');
  return { fn: 'systemJson', args: { text } };
}
