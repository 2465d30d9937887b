// identify --method auto|variational|variational-zoh|n4sid-d2c|equation-error: M, D, K of a
// linear mechanical system (thesis ch. 2-5), the identify result of INTERFACES.md.
import { badInput } from '../../../wasm/api.js';
import { checkDof, loadSystem, readDataset, readInputMatrix, warn, writeJson } from '../../io.mjs';

export function identifyLinear(o, mechid) {
  // CLI checks: --cutoff 0 would mean "automatic" to the core, and the option only applies to accelerations.
  if (o.cutoff !== undefined && !(o.cutoff > 0)) throw badInput(`--cutoff must be a frequency in Hz > 0, got ${o.cutoff}`);
  if (o.cutoff !== undefined && o.outputs !== 'acceleration') throw badInput('--cutoff applies to --outputs acceleration only');
  const data = readDataset(o);
  checkDof(o, data);
  if (o.L !== undefined && o['force-dofs'] !== undefined) throw badInput('give --L FILE or --force-dofs D1,D2,.., not both');
  const L = readInputMatrix(o.L);
  const truth = o.truth === undefined ? undefined : loadSystem(mechid, o.truth);
  const result = mechid.identify(o.method,
    { h: data.h, u: data.u, y: data.y, inputSampling: o['input-sampling'], outputs: o.outputs, cutoffHz: o.cutoff },
    { L, forceDofs: o['force-dofs'], init: o.init, blockRows: o['block-rows'], positive: o.positive === true }, truth);
  if (result.validation) delete result.validation.simulated;  // N x n: the page plots it, the JSON need not carry it
  writeJson(result, o.out);
  warn(result.status === 'failed' ? [result.message] : result.warnings);
}
