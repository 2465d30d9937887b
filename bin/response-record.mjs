// The record of the frequency-domain commands (frf, modes): --data (CSV or UFF) with its column
// options, the outputs' response kinds from their names (q: displacement, v: velocity, a:
// acceleration) or --response, and the band and averaging options as the facade names them.
import { badInput, quoted } from '../wasm/api.js';
import { decodeText, defaultOutputColumns, guessDelimiter, parseDecimal } from '../wasm/csv.js';
import { isUff, readBytes, readDataset } from './io.mjs';
import { choice, int, num, pick, requireOption, str, strs } from './options.mjs';

const KINDS = { q: 'displacement', v: 'velocity', a: 'acceleration' };

/** The options both commands take. */
export const RECORD_OPTIONS = {
  ...pick('data', 'h'),
  'time-col': str('NAME'), 'input-cols': strs('a,b,..'), 'output-cols': strs('a,b,..'),
  response: choice(['displacement', 'velocity', 'acceleration']),
  band: str('LO:HI'), periods: int('P', { min: 0 }), 'skip-periods': int('S', { min: 0 }),
  frf: choice(['welch', 'lpm']), window: choice(['hann', 'rectangular', 'impact']), segment: int('N', { min: 0 }),
  'force-fraction': num('F'), 'end-value': num('E'),
};

/** --band LO:HI in Hz. */
function parseBand(text) {
  if (text === undefined) return {};
  const parts = String(text).split(':');
  const values = parts.map((p) => parseDecimal(p.trim()));
  if (parts.length !== 2 || values.some((v) => !Number.isFinite(v))) {
    throw badInput(`--band must be LO:HI in Hz (e.g. 2:15), got '${quoted(text)}'`, 'band');
  }
  return { bandLoHz: values[0], bandHiHz: values[1] };
}

// Without --output-cols, a CSV's outputs are csv.js's default columns of any kind (q, else v, else
// a); a universal file chooses the same way.
function defaultOutputCols(path, bytes) {
  if (isUff(path, bytes)) return undefined;
  const text = decodeText(bytes).text;
  const first = text.slice(0, text.search(/\r?\n|$/));
  const header = first.split(guessDelimiter(text)).map((n) => n.trim().replace(/^"(.*)"$/, '$1'));
  const found = defaultOutputColumns(header, 'any');
  return found.length > 0 ? found : undefined;
}

/** {data: {h, u, y}, columns, options} for mechid.frf / mechid.modes. */
export function readResponseRecord(o, command) {
  requireOption(o, 'data', command);
  const bytes = readBytes(o.data, 'data file');
  const record = readDataset(o, { outputCols: o['output-cols'] ?? defaultOutputCols(o.data, bytes), bytes });
  const names = record.columns.outputs;
  const outputs = names.map((name) => {
    if (o.response !== undefined) return o.response;
    const kind = KINDS[String(name)[0]];
    if (!/^[qva]\d+$/.test(name) || !kind) {
      throw badInput(`output column '${quoted(name)}': its kind is not in its name (q, v or a and a number); give --response displacement|velocity|acceleration`, 'outputs');
    }
    return kind;
  });
  const options = {
    ...parseBand(o.band), periods: o.periods, skipPeriods: o['skip-periods'], method: o.frf, window: o.window, segment: o.segment,
    impactForceFraction: o['force-fraction'], impactEndValue: o['end-value'],
  };
  return { data: { h: record.h, u: record.u, y: record.y }, columns: record.columns, outputs, options };
}
