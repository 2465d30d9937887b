// Target csv: a measurement CSV, mutated (csv-mutations.mjs), through parseDatasetCsv (wasm/csv.js)
// and identify, as `mechid identify --data FILE` does. Bases: two simulated records (the probe's
// 3dof/h = 0.05/SNR 20 record, shortened for speed, and a 1-DOF one) and the CSVs of
// fuzz/corpus/csv/ (the probe's cases).
import { readdirSync, readFileSync } from 'node:fs';
import { simulationToCsv } from '../../wasm/api.js';
import { sometimes } from '../arbitraries.mjs';
import { OPERATORS, mutateCsv } from '../csv-mutations.mjs';

const corpusDir = new URL('../corpus/csv/', import.meta.url);

export async function setup(mechid) {
  const simulated = (preset, h, n) => simulationToCsv(mechid.simulate(mechid.preset(preset), { h, n, snr: 20, seed: 1 }));
  const files = readdirSync(corpusDir).filter((f) => f.endsWith('.csv')).sort();
  return {
    bases: [simulated('3dof', 0.05, 150), simulated('msd', 0.1, 60), ...files.map((f) => readFileSync(new URL(f, corpusDir), 'utf8'))],
    methods: mechid.methodNames(),
  };
}

export function arbitrary(fc, { bases, methods }) {
  const mutation = fc.record({
    op: fc.nat({ max: OPERATORS.length - 1 }), a: fc.nat(), b: fc.nat(), x: fc.double(),
    text: fc.string({ unit: 'binary', maxLength: 6 }),
  });
  return fc.record({
    base: fc.oneof({ arbitrary: fc.nat({ max: 1 }), weight: 4 }, { arbitrary: fc.nat({ max: bases.length - 1 }), weight: 1 }),
    mutations: fc.oneof({ arbitrary: fc.array(mutation, { maxLength: 1 }), weight: 2 }, { arbitrary: fc.array(mutation, { maxLength: 4 }), weight: 1 }),
    method: fc.constantFrom(...methods),
    inputSampling: fc.constantFrom('point', 'hold'),
    h: sometimes(fc, fc.constantFrom(0.05, 0.1, 1e-320, 1e300, 0, -1), 15),
  });
}

export function prepare(mechid, c, { bases }) {
  const mapping = c.h === undefined ? {} : { h: c.h };
  return { fn: 'csvIdentify', args: { text: mutateCsv(bases[c.base], c.mutations), mapping, method: c.method, inputSampling: c.inputSampling, options: {} } };
}
