// mechid perturb-study: Bruschetta 2011, Figs. 3.1, 3.2, A.1, relative errors of the parameters of a 1-DOF
// system identified from perturbed discrete models at h_i = 2π/(i ω_B).
import { loadSystem, writeJson } from '../io.mjs';
import { int, num, nums, pick, withDefaults } from '../options.mjs';

export const name = 'perturb-study';
export const summary = 'errors of a 1-DOF system identified from perturbed discrete models (Bruschetta 2011, Fig. 3.1)';
export const examples = ['mechid perturb-study', 'mechid perturb-study --system msd --i 1,4,16 --samples 100 --relative 0.001 --seed 3'];
const { system, seed } = pick('system', 'seed');
export const options = {
  system: { ...system, default: 'msd' }, i: nums('I1,I2,..', { core: 'perturbation.multiples' }),
  samples: int('N', { core: 'perturbation.samples' }), relative: num('R', { core: 'perturbation.relative' }),
  seed: { ...seed, core: 'perturbation.seed' },
};
export const usage = { help: ['JSON rows per h_i = 2π/(i ω_B) and method (zoh, midpoint): Bruschetta 2011, Figs. 3.1, 3.2, A.1'] };

export async function run(given, mechid) {
  const o = withDefaults(options, given);
  const system = loadSystem(mechid, o.system);
  const rows = mechid.perturbationStudy(system, { multiples: o.i, samples: o.samples, relative: o.relative, seed: o.seed });
  writeJson({ system: system.name || o.system, seed: o.seed, rows }, o.out);
}
