// mechid modal: natural frequencies, damping ratios and mode shapes of a system or an identify result.
import { badInput, systemFromJson } from '../../wasm/api.js';
import { loadSystem, readJson, warn, writeJson } from '../io.mjs';
import { pick, str } from '../options.mjs';

export const name = 'modal';
export const options = { ...pick('system'), result: str('FILE') };
export const usage = { help: ['one of --system or --result (an identify result file);',
  'JSON {modes: [{omega_n, freq_hz, zeta, shape}]} sorted by frequency'] };

export async function run(o, mechid) {
  if ((o.system === undefined) === (o.result === undefined)) throw badInput('modal needs exactly one of --system or --result');
  const system = o.system !== undefined
    ? loadSystem(mechid, o.system)
    : systemFromJson(readJson(o.result, 'result file'), `result file ${o.result}`);
  const result = mechid.modal(system);
  writeJson(result, o.out);
  if (result.status !== 'ok') warn([result.message]);
}
