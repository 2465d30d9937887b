// mechid modes: the modes of a structure in a band from a force/response record (issue 17):
// stabilization diagram, modes with standard deviations and shapes at the sensors, band model.
import { writeUff55 } from '../../wasm/uff-write.js';
import { warn, warnOutcome, writeJson, writeOutput } from '../io.mjs';
import { int, num, requireOption, str } from '../options.mjs';
import { RECORD_OPTIONS, readResponseRecord } from '../response-record.mjs';

export const name = 'modes';
export const summary = 'the modes in a frequency band of a force/response record, with a stabilization diagram';
export const examples = ['mechid modes --data record.csv --band 0.05:1', 'mechid modes --data record.csv --band 0.05:1 --max-order 20 --uff modes.uff --out modes.json'];
export const options = {
  ...RECORD_OPTIONS,
  'max-order': int('N', { core: 'modes.maxOrder' }), 'freq-tol': num('F', { core: 'modes.freqTol' }),
  'damping-tol': num('D', { core: 'modes.dampingTol' }), 'mac-min': num('M', { core: 'modes.macMin' }),
  'min-stable': int('K', { core: 'modes.minStableOrders' }), 'holdout-periods': int('P', { core: 'modes.holdoutPeriods' }),
  weighting: str('NAME', { core: 'modes.weighting' }), uff: str('FILE'), 'driving-point': int('O', { min: 1 }),
};
export const usage = {
  required: ['data', 'band'],
  help: ['modes in --band LO:HI Hz: LSCF orders 2..--max-order, stable within --freq-tol, --damping-tol (relative)',
    'and --mac-min over --min-stable orders; FRF options as for frf (random records: lpm; --periods P for periodic);',
    '--holdout-periods P validates the band model on the last periods; --uff FILE writes the modes as UFF 55;',
    '--max-work FLOPS|inf: refuse a record estimated to need more flops (about 100 s of work by default; inf: no limit)',
    '--driving-point O (output column O, from 1, measured at the force) adds reduced: the band\'s M, D, K from',
    'mass-normalised shapes when it has as many modes as outputs, else status failed with the reason it cannot;',
    'JSON {stabilization: [{order, poles: [{freq_hz, zeta, stable}]}], modes: [{freq_hz, zeta, freq_hz_sd, zeta_sd, shape, mpc}], validation}'],
};

export async function run(o, mechid) {
  requireOption(o, 'band', 'modes');
  const { data, outputs, channels, options: frfOptions } = await readResponseRecord(o, name);
  const result = mechid.modes(data, {
    ...frfOptions, outputs, maxOrder: o['max-order'], freqTol: o['freq-tol'], dampingTol: o['damping-tol'], macMin: o['mac-min'],
    minStableOrders: o['min-stable'], holdoutPeriods: o['holdout-periods'], weighting: o.weighting, drivingOutput: o['driving-point'],
  });
  writeJson({ ...result, channels }, o.out);
  if (o.uff !== undefined && result.modes.length > 0) writeOutput(writeUff55(result.modes, { complex: true, channels: channels.outputs }), o.uff);
  warnOutcome(result);
  if (result.reduced) warn(result.reduced.status === 'failed' ? [result.reduced.message] : result.reduced.warnings);
}
