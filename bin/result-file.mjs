// A result file given to a command (--result): the JSON a command wrote (--out), or a report of
// `mechid report` / the page's Report button, whose embedded result is read back (wasm/report-read.js:
// refused when tampered with or not a report; another version of mechid read with a warning).
import { readFileSync } from 'node:fs';
import { badInput } from '../wasm/api.js';
import { isReportText, readReport } from '../wasm/report-read.js';
import { readText, warn } from './io.mjs';

/** The version of package.json (bin/main.mjs's), which a report is written with and checked against. */
export const toolVersion = () => JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/**
 * {result, report}: the result of the file at `path` (`what` names it in messages) and, when the
 * file is a report, its embedded object ({version, kind, result, data, geometry, …}), else null.
 */
export async function readResultFile(path, what = 'result file') {
  const text = readText(path, what);
  if (isReportText(text)) {
    let report;
    try {
      report = await readReport(text, `${what} ${path}`, toolVersion());
    } catch (e) {
      throw badInput(e.message);
    }
    warn(report.warnings);
    return { result: report.result, report };
  }
  try {
    return { result: JSON.parse(text), report: null };
  } catch (e) {
    throw badInput(`${what} ${path} is neither a JSON result nor a mechid report: ${e.message}`);
  }
}
