// mechid condition: κ of the map R of eq. 3.33 per step h, and with a system the amplification per matrix.
import { loadSystem, writeJson } from '../io.mjs';
import { nums, pick, requireOption } from '../options.mjs';

export const name = 'condition';
export const summary = 'the condition number of the map R (Bruschetta 2011, eq. 3.33) per step h';
export const examples = ['mechid condition --h 0.01,0.1,1', 'mechid condition --h 0.05,0.1,0.5 --system 3dof'];
export const options = { h: nums('H1,H2,..'), ...pick('system') };
export const usage = { required: ['h'], help: ['JSON {rows: [{h, kappa, sigma, ...}]}: κ of the map R of eq. 3.33'] };

export async function run(o, mechid) {
  const hs = requireOption(o, 'h', name);
  const system = o.system === undefined ? undefined : loadSystem(mechid, o.system);
  writeJson(mechid.condition(hs, system), o.out);
}
