// mechid modal: natural frequencies, damping ratios and mode shapes of a system or an identify result.
import { badInput, systemFromJson } from '../../wasm/api.js';
import { loadSystem, warn, writeJson } from '../io.mjs';
import { readResultFile } from '../result-file.mjs';
import { choice, nums, pick, str } from '../options.mjs';

export const name = 'modal';
export const summary = 'natural frequencies, damping ratios and mode shapes of a system or an identify result';
export const examples = ['mechid modal --system 8dof', 'mechid modal --system 3dof --sensor-dofs 1,3 --force-dofs 1 --response acceleration'];
export const options = {
  ...pick('system'), result: str('FILE'), 'sensor-dofs': nums('D1,D2,..'), 'force-dofs': nums('D1,D2,..'),
  response: choice(['displacement', 'velocity', 'acceleration']), ...pick('max-work'),
};
export const usage = { help: ['one of --system or --result (an identify result file, or a report of one);',
  'JSON {modes: [{omega_n, freq_hz, zeta, shape}]} sorted by frequency;',
  'a test set-up: --sensor-dofs D1,D2,.. measured (1-based), --force-dofs D1,.. (default: the system\'s L), --response KIND:',
  'each mode gains participation_percent (its FRF peak at the sensors, % of the largest) and observable (>= 1 %)',
  '--max-work FLOPS|inf: refuse a system estimated to need more flops (about 100 s of work by default; inf: no limit)'] };

export async function run(o, mechid) {
  if ((o.system === undefined) === (o.result === undefined)) throw badInput('modal needs exactly one of --system or --result');
  const system = o.system !== undefined
    ? loadSystem(mechid, o.system)
    : systemFromJson((await readResultFile(o.result)).result, `result file ${o.result}`);
  if (o['sensor-dofs'] === undefined && (o['force-dofs'] !== undefined || o.response !== undefined)) {
    throw badInput('modal: --force-dofs and --response describe a test set-up; give its measured DOFs with --sensor-dofs');
  }
  const setup = o['sensor-dofs'] === undefined ? {} : { sensorDofs: o['sensor-dofs'], forceDofs: o['force-dofs'], response: o.response };
  if (o['max-work'] !== undefined) setup.maxWork = o['max-work'];
  const result = mechid.modal(system, setup);
  writeJson(result, o.out);
  warn(result.status === 'failed' ? [result.message] : result.warnings);
}
