// mechid discretize: the discrete model of a system at step h (thesis ch. 2, eqs. 1.7, 2.22).
import { loadSystem, writeJson } from '../io.mjs';
import { pick, requireOption, str } from '../options.mjs';

export const name = 'discretize';
export const summary = 'the discrete model of a system at step h (ZOH, Tustin, Euler or variational)';
export const examples = ['mechid discretize --system 3dof --h 0.05 --method zoh --out zoh.json', 'mechid discretize --system 8dof --h 0.01 --method variational --out variational.json'];
export const options = { ...pick('system', 'h'), method: str('zoh|tustin|euler|variational') };
export const usage = {
  required: ['system', 'h', 'method'],
  help: ['JSON {method, h, F, G, H, J} or, for variational, {method, h, Md, Dd, Kd, L}'],
};

export async function run(o, mechid) {
  const system = loadSystem(mechid, requireOption(o, 'system', name));
  writeJson(mechid.discretize(system, requireOption(o, 'h', name), requireOption(o, 'method', name)), o.out);
}
