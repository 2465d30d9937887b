// mechid passivity: the LMI 3.42 and the DLMI 3.45 (Cayley, ZOH, Euler) for a system at step h.
import { loadSystem, writeJson } from '../io.mjs';
import { pick, requireOption } from '../options.mjs';

export const name = 'passivity';
export const options = pick('system', 'h');
export const usage = { required: ['system', 'h'], help: ['JSON verdicts of the LMI 3.42 and the DLMI 3.45 (Cayley, ZOH, Euler)'] };

export async function run(o, mechid) {
  const system = loadSystem(mechid, requireOption(o, 'system', name));
  writeJson(mechid.passivity(system, requireOption(o, 'h', name)), o.out);
}
