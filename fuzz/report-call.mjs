// The call of the fuzz target report (fuzz/targets/report.mjs): a report's text read back as the
// CLI's --result and the page's Open a result file do (wasm/report-read.js readReport), then written
// again (wasm/report.js writeReport). `broken` when a text is read although its embedded result is
// not the one the report was written with (`sha`: that result's SHA-256): readReport must refuse any
// change of the result, or the rewrite must carry the same result.
import { reportKind, writeReport } from '../wasm/report.js';
import { readReport } from '../wasm/report-read.js';

export async function reportRead(mechid, { text, sha }) {
  const payload = await readReport(text, 'fuzz.html', '0.1.0');
  const again = await writeReport({ kind: reportKind(payload.result) ?? 'identify', result: payload.result, data: payload.data, version: '0.1.0', geometry: payload.geometry });
  const reread = await readReport(again, 'again.html', '0.1.0');
  return { status: 'ok', model: 'dataset', broken: payload.result_sha256 !== sha || reread.result_sha256 !== sha ? `read a result whose SHA-256 is ${payload.result_sha256}, not ${sha}` : false };
}
