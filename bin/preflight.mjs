// Checks before work (issue 56): what can be known wrong without computing is refused before the
// first file is read or estimate starts: a result file that could not be written after a long run
// (its folder missing), the same file given twice as two runs of one experiment.
import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { badInput } from '../wasm/api.js';

// The options that name a file the command writes.
const OUTPUTS = ['out', 'uff'];

/** The folder of each output file exists and can be written. */
export function checkOutputPaths(options) {
  for (const option of OUTPUTS) {
    const path = options[option];
    if (typeof path !== 'string') continue;
    const folder = dirname(resolve(path));
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
      throw badInput(`--${option} ${path}: the folder ${folder} does not exist; create it or write elsewhere (checked before the run, so that its result is not lost)`);
    }
    const exists = existsSync(path);
    if (exists && statSync(path).isDirectory()) throw badInput(`--${option} ${path} is a folder; give a file name`);
    // An existing file (or /dev/null) must be writable itself; a new one needs a writable folder.
    try {
      accessSync(exists ? path : folder, constants.W_OK);
    } catch {
      throw badInput(`--${option} ${path}: ${exists ? 'the file' : `the folder ${folder}`} cannot be written; write elsewhere`);
    }
  }
}

const canonical = (path) => (existsSync(path) ? realpathSync(path) : resolve(path));

/** No file given twice among --data and --validate: one run counted twice, or validated on itself. */
export function checkRepeatedRuns(options) {
  const seen = new Map();
  const given = [...[options.data ?? []].flat().map((p) => ['data', p]), ...[options.validate ?? []].flat().map((p) => ['validate', p])];
  for (const [option, path] of given) {
    if (typeof path !== 'string') continue;
    const key = canonical(path);
    const before = seen.get(key);
    if (before) {
      const why = before === 'data' && option === 'data'
        ? 'the same run would count twice, as if the experiment had been repeated; give each run once'
        : 'a record cannot be held out and trained on (or held out twice); give another record to --validate';
      throw badInput(`--${option} ${path} is given twice (also as --${before}): ${why}`);
    }
    seen.set(key, option);
  }
}

/** Every check above, on a command's parsed options (bin/main.mjs, before the command runs). */
export function checkBeforeWork(options) {
  checkOutputPaths(options);
  checkRepeatedRuns(options);
}
