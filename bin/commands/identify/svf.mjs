// identify --method svf [--model mechanical|rlc]: state-variable-filter least squares (the SVF
// report "Modeling & Simulation of Dynamic Systems") of M, D, K, or of the RLC circuit's 1/RC and 1/LC.
import { badInput } from '../../../wasm/api.js';
import { resultChannels } from '../../../wasm/channel-labels.js';
import { checkDof, loadSystem, readDataset, readInputMatrix, warn, warnOutcome, writeJson } from '../../io.mjs';

// The data and the filter options common to both models; --poles or --pole-grid, not both.
async function svfInputs(o, mechid) {
  if (o.poles !== undefined && o['pole-grid'] !== undefined) throw badInput('give --poles or --pole-grid, not both');
  const [p1, p2] = o.poles ?? [];
  const grid = o['pole-grid'] === undefined ? null : mechid.poleGrid(o['pole-grid']);
  const data = await readDataset(o);
  const svf = { p1, p2, grid, robust: o.robust === true, intersample: o.intersample };
  return { data: { h: data.h, u: data.u, y: data.y, inputSampling: o['input-sampling'] }, svf, columns: data, channels: resultChannels(data) };
}

export async function identifySvf(o, mechid) {
  const { data, svf, columns, channels } = await svfInputs(o, mechid);
  checkDof(o, columns);
  const L = readInputMatrix(o.L);
  const truth = o.truth === undefined ? undefined : loadSystem(mechid, o.truth, { option: 'truth' });
  const result = mechid.svfIdentify(data, { ...svf, form: o.form, L, ...(o['max-work'] === undefined ? {} : { maxWork: o['max-work'] }) }, truth);
  writeJson({ ...result, channels }, o.out);
  warnOutcome(result);
}

export async function identifySvfRlc(o, mechid) {
  const { data, svf, channels } = await svfInputs(o, mechid);
  const result = mechid.svfRlc(data, svf);
  writeJson({ ...result, channels }, o.out);
  if (result.status !== 'ok') warn([result.message]);
}
