// mechid hammer: a hammer (impact) test from a record of its force and responses (issue 54): the
// hits found on the force channel, double hits and overloads rejected with their reasons, H1/H2
// and coherence over the accepted hits with the force and exponential windows, and in a band the
// modes with the damping the exponential window added taken off (Fladung & Rost 1997).
import { badInput } from '../../wasm/api.js';
import { warn, writeJson } from '../io.mjs';
import { int, num, pick, requireOption, str, strs } from '../options.mjs';
import { readResponseRecord } from '../response-record.mjs';

export const name = 'hammer';
export const summary = 'a hammer (impact) test: hits found and checked, averaged FRF and coherence, modes with the window\'s damping removed';
export const examples = ['mechid hammer --data record.csv --force u1 --pretrigger 0', 'mechid hammer --data record.csv --force u1 --pretrigger 0 --accept 1 --band 0.05:1 --exp-tau 100 --out hammer.json'];
export const options = {
  ...pick('data', 'h'),
  'time-col': str('NAME'), force: str('COL'), response: strs('a,b,..'), kind: str('KIND'),
  trigger: num('LEVEL', { core: 'hammer.trigger' }), pretrigger: int('N', { core: 'hammer.pretrigger' }),
  length: int('N', { core: 'hammer.length' }), 'double-hit': num('F', { core: 'hammer.doubleHit' }),
  'exp-tau': num('S', { core: 'hammer.expTau' }), reject: strs('i,j,..'), accept: strs('i,j,..'),
  band: str('LO:HI'), 'max-order': int('N', { core: 'modes.maxOrder' }),
};
export const usage = {
  required: ['data', 'force'],
  help: ['hits: upward crossings of --trigger (a fraction of the largest |force|) on the --force column, each kept from',
    '--pretrigger samples before it for --length samples (0: the shortest spacing of the hits); rejected: a second pulse',
    'above --double-hit times the peak after the force decayed (double-hit), a channel flat at its largest value (overload),',
    'a record past the file\'s ends (truncated), --reject i,j (hits from 1); --accept i,j averages hits despite a fault.',
    'The responses: --response columns (default: q columns, else v, else a), their kind from their names or --kind. The force window',
    'keeps the pulses, the exponential window e^(-t/tau) (--exp-tau S; default: 1 % at the hit\'s end) both channels;',
    'with --band LO:HI the modes (as mechid modes, orders up to --max-order), zeta corrected for the window;',
    'JSON {hits: [{hit, time_s, accepted, reason, reason_time_s}], averages, frf: {freq_hz, H, H2, coherence},',
    'modes: [{freq_hz, zeta, zeta_windowed, damping_correction}], tau_s, window_decay_rate, damping_corrected}'],
};

/** --reject 1,3 → [1, 3] (hits counted from 1). */
function hitList(list, option) {
  if (list === undefined) return undefined;
  return list.map((text) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw badInput(`--${option} must be hits counted from 1 (e.g. 2,5), got '${text}'`, option);
    return value;
  });
}

export async function run(o, mechid) {
  requireOption(o, 'force', name);
  const { data, outputs, channels, options: band } = await readResponseRecord({ ...o, 'input-cols': [o.force], 'output-cols': o.response, response: o.kind }, name);
  const result = mechid.hammer(data, {
    bandLoHz: band.bandLoHz, bandHiHz: band.bandHiHz, outputs, trigger: o.trigger, pretrigger: o.pretrigger, length: o.length,
    doubleHit: o['double-hit'], expTau: o['exp-tau'], reject: hitList(o.reject, 'reject'), accept: hitList(o.accept, 'accept'), maxOrder: o['max-order'],
  });
  writeJson({ ...result, channels }, o.out);
  warn(result.status === 'failed' ? [result.message] : result.warnings);
}
