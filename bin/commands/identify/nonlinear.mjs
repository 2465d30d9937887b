// identify --method ida|dia: piecewise-linear stiffness from an accelerometer (Karimov et al.
// 2021), with --truth a nonlinear preset: the relative error of each stiffness.
import { badInput, parseRegions } from '../../../wasm/api.js';
import { Papa, adviseCommandLine, isUff, oneDataPath, readBytes, warn, writeJson } from '../../io.mjs';
import { decodeText, parseDatasetCsv } from '../../../wasm/csv.js';
import { parseUff } from '../../../wasm/uff.js';
import { uffChannels, uffToDataset } from '../../../wasm/uff-convert.js';
import { resultChannels } from '../../../wasm/channel-labels.js';

// Relative error of each stiffness against a preset's (absolute where the true value is 0).
function errorsAgainst(result, truth) {
  const errors = {};
  for (const [name, k] of Object.entries(result.k)) {
    if (!(name in truth.k)) continue;
    const t = truth.k[name];
    errors[name] = t === 0 ? { absolute: Math.abs(k) } : { relative: Math.abs(k - t) / Math.abs(t) };
  }
  return errors;
}

export function identifyNonlinear(o, mechid) {
  if (o.regions === undefined) {
    throw badInput(`identify --method ${o.method} needs --regions (thresholds:X0, sign or breakpoints:B1,B2,..)`);
  }
  const regions = parseRegions(o.regions);
  let truth;
  if (o.truth !== undefined) {
    if (!mechid.nonlinearSystemNames().includes(o.truth)) {
      throw badInput(`--truth '${o.truth}' is not a nonlinear preset (${mechid.nonlinearSystemNames().join(', ')})`);
    }
    truth = mechid.nonlinearSimulate(o.truth, { n: 2 });
  }

  // The accelerometer column and, when present (or asked for), the force column (default u1).
  // A universal file's channels are named u1.., a1.. as its records (wasm/uff-convert.js).
  const path = oneDataPath(o);
  const bytes = readBytes(path, 'data file');
  const uff = isUff(path, bytes) ? parseUff(bytes, path) : null;
  const text = uff ? '' : decodeText(bytes).text;
  const header = uff ? uffChannels(uff, { source: path }).channels.map((c) => c.name)
    : Papa.parse(text, { preview: 1, delimitersToGuess: [',', ';', '\t'] }).data[0]?.map((s) => String(s).trim()) ?? [];
  const accel = o['accel-col'];
  const force = o['force-col'] ?? 'u1';
  if (!header.includes(accel)) {
    throw badInput(`${path}: no acceleration column '${accel}' (give --accel-col NAME); the header has ${header.join(', ') || 'nothing'}`);
  }
  if (o['force-col'] !== undefined && !header.includes(force)) {
    throw badInput(`${path}: no force column '${force}'; the header has ${header.join(', ')}`);
  }
  const columns = { inputCols: header.includes(force) ? [force] : [], outputCols: [accel] };
  if (uff && o['time-col'] !== undefined) throw badInput(`--time-col does not apply to the universal file ${path}: its time axis is each record's abscissa (record 7)`);
  const data = uff ? uffToDataset(uff, { source: path, h: o.h, ...columns })
    : parseDatasetCsv({ Papa, text, source: path, h: o.h, timeCol: o['time-col'], ...columns });
  const result = mechid.nonlinearIdentify({ h: data.h, a: data.y.data, f: data.u.cols ? data.u.data : null }, {
    method: o.method, regions, mass: o.mass ?? null, damping: o.damping ?? null,
    segments: o.segments, highpassHz: o.highpass, detrend: o.detrend === true, swap: o.swap === undefined ? undefined : o.swap === 'on',
    swapTolerance: o['swap-tol'], tolerance: o.tol, delta: o.delta, lambda: o.lambda, ...(o['max-work'] === undefined ? {} : { maxWork: o['max-work'] }),
  });
  // The per-sample arrays are for plots; the JSON keeps the numbers.
  delete result.signals;
  delete result.force_curve;
  delete result.forceCurve;
  const out = { ...result, h: data.h, n: data.y.rows, columns: { acceleration: accel, force: data.u.cols ? force : null },
    channels: resultChannels(data, { outputs: 'acceleration' }) };
  if (truth) {
    out.truth = { system: o.truth, k: truth.k, mass: truth.mass, damping: truth.damping };
    out.errors = errorsAgainst(result, truth);
  }
  writeJson(out, o.out);
  warn(result.warnings);
  adviseCommandLine(result);
}
