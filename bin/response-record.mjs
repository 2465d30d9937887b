// The record of the frequency-domain commands (frf, modes): --data (CSV or UFF) with its column
// options, the outputs' response kinds from their names (q: displacement, v: velocity, a:
// acceleration) or --response, and the band and averaging options as the facade names them.
import { badInput, quoted } from '../wasm/api.js';
import { resultChannels } from '../wasm/channel-labels.js';
import { parseDecimal } from '../wasm/csv.js';
import { readDataset } from './io.mjs';
import { choice, flag, int, num, pick, requireOption, str, strs } from './options.mjs';

const KINDS = { q: 'displacement', v: 'velocity', a: 'acceleration' };

/** The options both commands take. */
export const RECORD_OPTIONS = {
  ...pick('data', 'h'),
  'time-col': str('NAME'), 'input-cols': strs('a,b,..'), 'output-cols': strs('a,b,..'), resample: flag(),
  response: choice(['displacement', 'velocity', 'acceleration']),
  band: str('LO:HI'), periods: int('P', { min: 0 }), 'skip-periods': int('S', { min: 0 }),
  frf: choice(['welch', 'lpm']), window: choice(['hann', 'rectangular', 'impact']), segment: int('N', { min: 0 }),
  'force-fraction': num('F'), 'end-value': num('E'), ...pick('max-work'),
};

/** --band LO:HI in Hz. */
export function parseBand(text) {
  if (text === undefined) return {};
  const parts = String(text).split(':');
  const values = parts.map((p) => parseDecimal(p.trim()));
  if (parts.length !== 2 || values.some((v) => !Number.isFinite(v))) {
    throw badInput(`--band must be LO:HI in Hz (e.g. 2:15), got '${quoted(text)}'`, 'band');
  }
  return { bandLoHz: values[0], bandHiHz: values[1] };
}

/** {data: {h, u, y}, columns, channels (wasm/channel-labels.js: names, quantities, units), outputs, options} for mechid.frf / mechid.modes. */
export async function readResponseRecord(o, command) {
  requireOption(o, 'data', command);
  const record = await readDataset(o, { outputs: 'any' });
  const names = record.columns.outputs;
  // a channel's quantity as its file states it (wasm/recording.js), else the kind in its name
  const stated = new Map((record.channels ?? []).map((c) => [c.name, c.quantity]));
  const outputs = names.map((name) => {
    if (o.response !== undefined) return o.response;
    if (Object.values(KINDS).includes(stated.get(name))) return stated.get(name);
    const kind = KINDS[String(name)[0]];
    if (!/^[qva]\d+$/.test(name) || !kind) {
      throw badInput(`output column '${quoted(name)}': its kind is not in its name (q, v or a and a number); give --response displacement|velocity|acceleration`, 'outputs');
    }
    return kind;
  });
  const options = {
    ...parseBand(o.band), periods: o.periods, skipPeriods: o['skip-periods'], method: o.frf, window: o.window, segment: o.segment,
    impactForceFraction: o['force-fraction'], impactEndValue: o['end-value'], ...(o['max-work'] === undefined ? {} : { maxWork: o['max-work'] }),
  };
  return { data: { h: record.h, u: record.u, y: record.y }, columns: record.columns, channels: resultChannels(record, { outputs }), outputs, options };
}
