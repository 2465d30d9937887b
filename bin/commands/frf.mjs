// mechid frf: H1 (and H2) with coherence and standard deviations from a force/response record.
import { writeUff58 } from '../../wasm/uff-write.js';
import { warnOutcome, writeJson, writeOutput } from '../io.mjs';
import { str } from '../options.mjs';
import { RECORD_OPTIONS, readResponseRecord } from '../response-record.mjs';

export const name = 'frf';
export const summary = 'frequency response functions (H1, H2, coherence) of a force/response record';
export const examples = ['mechid frf --data record.csv --band 0.05:1', 'mechid frf --data record.csv --window hann --segment 1024 --uff frf.uff --out frf.json'];
export const options = { ...RECORD_OPTIONS, uff: str('FILE') };
export const usage = {
  required: ['data'],
  help: ['FRFs of a record: Welch (--window hann|impact, --segment N), periods (--periods P [--skip-periods 1]) or',
    'the local polynomial method (--frf lpm); --band LO:HI in Hz; --uff FILE also writes them as UFF 58;',
    '--max-work FLOPS|inf: refuse a record estimated to need more flops (about 100 s of work by default; inf: no limit)',
    'JSON {freq_hz, H: [output][input][[re, im]], H2, coherence: [output][...], H_sd, averages}'],
};

export async function run(o, mechid) {
  const { data, outputs, channels, options: frfOptions } = await readResponseRecord(o, name);
  const result = mechid.frf(data, frfOptions);
  writeJson({ ...result, channels }, o.out);
  if (o.uff !== undefined && result.status !== 'failed') {
    writeOutput(writeUff58({ kind: 'frf', freq_hz: result.freq_hz, H: result.H, response: outputs, channels }), o.uff);
  }
  warnOutcome(result);
}
