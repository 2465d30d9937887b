// mechid passivity: the LMI 3.42 and the DLMI 3.45 (Cayley, ZOH, Euler) for a system at step h.
import { loadSystem, writeJson } from '../io.mjs';
import { pick, requireOption } from '../options.mjs';

export const name = 'passivity';
export const summary = 'passivity of a system\'s discretizations at step h (LMI 3.42, DLMI 3.45)';
export const examples = ['mechid passivity --system 3dof --h 0.05', 'mechid passivity --system 8dof --h 0.5 --out passivity.json'];
export const options = pick('system', 'h');
export const usage = { required: ['system', 'h'], help: ['JSON verdicts of the LMI 3.42 and the DLMI 3.45 (Cayley, ZOH, Euler)'] };

export async function run(o, mechid) {
  const system = loadSystem(mechid, requireOption(o, 'system', name));
  writeJson(mechid.passivity(system, requireOption(o, 'h', name)), o.out);
}
