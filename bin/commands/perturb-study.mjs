// mechid perturb-study: thesis Figs. 3.1, 3.2, A.1, relative errors of the parameters of a 1-DOF
// system identified from perturbed discrete models at h_i = 2π/(i ω_B).
import { DEFAULTS } from '../../wasm/api.js';
import { loadSystem, writeJson } from '../io.mjs';
import { withDefaults } from '../options.mjs';

export const name = 'perturb-study';
const d = DEFAULTS.perturbation;
export const options = {
  system: { type: 'string', arg: 'S', default: 'msd' },
  i: { type: 'numbers', arg: 'I1,I2,..', default: d.multiples },
  samples: { type: 'integer', arg: 'N', default: d.samples },
  relative: { type: 'number', arg: 'R', default: d.relative },
  seed: { type: 'integer', arg: 'S', default: d.seed },
};
export const usage = { help: ['JSON rows per h_i = 2π/(i ω_B) and method (zoh, midpoint): thesis Figs. 3.1, 3.2, A.1'] };

export async function run(given, mechid) {
  const o = withDefaults(options, given);
  const system = loadSystem(mechid, o.system);
  const rows = mechid.perturbationStudy(system, { multiples: o.i, samples: o.samples, relative: o.relative, seed: o.seed });
  writeJson({ system: system.name || o.system, seed: o.seed, rows }, o.out);
}
