// identify --method ekf: the augmented EKF of Beckmann et al. 2016 on the belt drive; JSON final estimates
// and the parameter trajectories by name.
import { badInput } from '../../../wasm/api.js';
import { resultChannels } from '../../../wasm/channel-labels.js';
import { readDataset, warn, writeJson } from '../../io.mjs';

export async function identifyEkf(o, mechid) {
  if (o.truth !== undefined && o.truth !== 'belt-drive') throw badInput(`--truth for ekf must be belt-drive, got '${o.truth}'`);
  const data = await readDataset(o, { outputCols: o['output-cols'] ?? ['q1', 'v1'] });
  const truth = o.truth === undefined ? undefined : mechid.beltDriveParameters().theta;
  const r = mechid.ekfBeltDrive({ h: data.h, u: data.u, y: data.y },
    { method: o.discretization, reading: o.reading, thetaInit: o.theta0, inputSampling: o['input-sampling'],
      ...(o['max-work'] === undefined ? {} : { maxWork: o['max-work'] }) }, truth);
  // Trajectories by parameter name, one value per sample.
  const column = (m, j) => Array.from({ length: m.rows }, (_, i) => m.data[i * m.cols + j]);
  const trajectories = { t: Array.from(data.t ?? [], Number) };
  r.parameter_names.forEach((name, j) => {
    trajectories[name] = column(r.parameters, j);
    trajectories[`${name}_std`] = column(r.parameter_std, j);
  });
  // The N x 2 trajectories (under both names of parameter_std) go into `trajectories` only.
  const { parameters, parameter_std: _std, parameterStd, ...rest } = r;
  const estimates = Object.fromEntries(r.parameter_names.map((name, j) => [name, r.theta[j]]));
  writeJson({ ...rest, reading: o.reading, estimates, trajectories, channels: resultChannels(data) }, o.out);
  if (r.status !== 'ok') warn([r.message]);
}
