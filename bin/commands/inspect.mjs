// mechid inspect FILE: what a data file holds as mechid reads it (wasm/recording.js
// inspectRecording): its format, each channel's name, quantity, unit, length, spacing, start and
// range, a MAT file's scalars, a universal file's datasets and geometry, and what was skipped.
import { readRecording } from '../../wasm/record.js';
import { inspectRecording } from '../../wasm/recording.js';
import { writeJson } from '../io.mjs';
import { readDataFile } from '../data-file.mjs';
import { pick, requireOption } from '../options.mjs';

export const name = 'inspect';
export const summary = 'what a data file holds: format, channels (name, quantity, unit, length, spacing, range), parameters';
export const examples = ['mechid inspect record.csv', 'mechid inspect frf.uff --out summary.json'];
export const options = pick('data');
/** `mechid inspect FILE` is `mechid inspect --data FILE`. */
export const positional = 'data';
export const usage = { required: ['data'], help: ['JSON {format, channels: [{name, quantity, unit, n, h, start, min, max}], parameters, datasets, geometry, notes}'] };

export async function run(o) {
  const path = requireOption(o, 'data', name);
  const { blob } = await readDataFile(path, 'data file');
  writeJson(inspectRecording(await readRecording(blob, path)), o.out);
}
