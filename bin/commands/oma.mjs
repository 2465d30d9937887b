// mechid oma: output-only modal analysis of a record of responses (issue 51): accelerations (or
// velocities, displacements) measured under unmeasured forces, or a free decay; SSI-cov over
// orders, its stabilization diagram, the stable poles clustered into modes, the output spectrum.
import { badInput } from '../../wasm/api.js';
import { resultChannels } from '../../wasm/channel-labels.js';
import { readDataset, warnOutcome, writeJson } from '../io.mjs';
import { choice, int, num, pick, requireOption, str, strs } from '../options.mjs';
import { parseBand } from '../response-record.mjs';

export const name = 'oma';
export const summary = 'the modes of a record of responses only (no force): ambient vibration or a free decay';
export const examples = ['mechid oma --data record.csv --band 0.05:1', 'mechid oma --data record.csv --band 0.05:1 --max-order 80 --references 1,3 --out oma.json'];
export const options = {
  data: str('FILE', { repeat: true }), ...pick('h'),
  'time-col': str('NAME'), 'output-cols': strs('a,b,..'), band: str('LO:HI'),
  'max-order': int('N', { core: 'oma.maxOrder' }), 'block-rows': int('P', { core: 'oma.blockRows' }), references: strs('i,j,..'),
  'freq-tol': num('F', { core: 'oma.freqTol' }), 'damping-tol': num('D', { core: 'oma.dampingTol' }), 'mac-min': num('M', { core: 'oma.macMin' }),
  'cluster-distance': num('C', { core: 'oma.clusterDistance' }), 'min-orders': int('K', { core: 'oma.minOrders' }),
  'sd-blocks': int('B', { core: 'oma.sdBlocks' }), record: choice(['auto', 'ambient', 'free-decay'], { core: 'oma.record' }),
  method: choice(['ssi-cov', 'ssi-data', 'efdd'], { core: 'oma.method' }), ...pick('max-work'),
};
export const usage = {
  required: ['data', 'band'],
  help: ['modes in --band LO:HI Hz from responses only (the responses of one kind, q else v else a, or --output-cols; a force',
    'column is not needed and not used): covariance-driven SSI (Peeters & De Roeck 1999) at orders 2..--max-order with --block-rows, correlations',
    'against --references (output columns from 1; default all); poles stable within --freq-tol, --damping-tol (relative)',
    'and --mac-min are clustered on |df|/f + (1 - MAC) < --cluster-distance; a cluster from --min-orders orders is a mode;',
    '--record free-decay for a release or a tap (auto decides from the record); standard deviations of f and zeta by the',
    'jackknife over --sd-blocks blocks of an ambient record, 95 % half-widths with Student\'s t;',
    '--method ssi-data: data-driven SSI with the references (Peeters & De Roeck 1999; LQ of the block Hankel matrix, slower, the',
    'same diagram, clustering and intervals); --method efdd: enhanced FDD (Brincker, Ventura & Andersen 2001), f and zeta of each',
    'clear peak of the spectrum\'s first singular value from its SDOF bell, the shape its singular vector, no diagram, no sd;',
    '--max-work FLOPS|inf: refuse a record estimated to need more flops (about 100 s of work by default; inf: no limit);',
    'JSON {modes: [{freq_hz, zeta, freq_hz_sd, zeta_sd, freq_hz_half95, zeta_half95, shape, mpc, mpd_deg, orders_found}],',
    'stabilization, spectrum: {freq_hz, singular_values}, channels};',
    '--data repeated: setups of one structure (roving sensors, the reference sensors named alike in every file; --references',
    'names them, default the channels common to all files), each analysed on its own, its modes paired by frequency and the',
    'references\' MAC and scaled on the references by least squares (PoSER: Döhler, Andersen & Mevel 2012), f and zeta the',
    'inverse-variance means: JSON {channels (the first file\'s, then each later file\'s new ones), references, modes: [{freq_hz,',
    'zeta, freq_hz_sd, zeta_sd, shape, shape_sd (over channels), setups (which files found the mode, from 1)}], setups: [each file\'s result]}'],
};

/** --references 1,3 → [1, 3] (output columns counted from 1). */
function parseReferences(list) {
  if (list === undefined) return undefined;
  return list.map((text) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw badInput(`--references must be output columns counted from 1 (e.g. 1,3), got '${text}'`, 'references');
    return value;
  });
}

export async function run(o, mechid) {
  requireOption(o, 'data', name);
  requireOption(o, 'band', name);
  if (o.data.length > 1) return runSetups(o, mechid);
  // responses only: no input columns are asked for, so a record without a force is read
  const record = await readDataset(o, { inputCols: [], outputs: 'any', path: o.data[0] });
  const result = mechid.oma({ h: record.h, y: record.y }, {
    ...omaOptions(o), references: parseReferences(o.references),
  });
  writeJson({ ...result, channels: resultChannels(record) }, o.out);
  warnOutcome(result);
}

/** The core's options of the command line (all but the references). */
const omaOptions = (o) => ({
  ...parseBand(o.band), maxOrder: o['max-order'], blockRows: o['block-rows'], freqTol: o['freq-tol'], dampingTol: o['damping-tol'],
  macMin: o['mac-min'], clusterDistance: o['cluster-distance'], minOrders: o['min-orders'], sdBlocks: o['sd-blocks'], record: o.record,
  method: o.method, ...(o['max-work'] === undefined ? {} : { maxWork: o['max-work'] }),
});

/** Several setups (--data repeated): each file a setup, its output columns' names its channels, --references channel names. */
async function runSetups(o, mechid) {
  const records = [];
  for (const path of o.data) records.push(await readDataset(o, { inputCols: [], outputs: 'any', path }));
  const setups = records.map((record) => ({ h: record.h, y: record.y, channels: resultChannels(record).outputs.map((c) => c.name) }));
  const result = mechid.oma(setups, { ...omaOptions(o), references: o.references });
  writeJson({ ...result, files: o.data, setups: result.setups.map((setup, s) => ({ ...setup, channels: resultChannels(records[s]) })) }, o.out);
  warnOutcome(result);
}
