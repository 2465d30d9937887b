// The result embedded in a report (wasm/report.js) and reading it back: a <script
// type="application/json" id="mechid-result"> holding {format: 'mechid-report', version, kind,
// result, settings, data, geometry, result_sha256}. Every '<' of the JSON is written \u003c, so
// no text of the result can close the script element. readReport refuses what is not such a
// report, a broken JSON and a result whose SHA-256 differs from the one recorded (changed after
// the report was written); a report of another version of mechid is read with a warning (the
// result's JSON keys are kept across versions: docs/interfaces.md, "never rename or drop one").
import { badInput } from './errors.js';
import { jsonDepth } from './json-depth.js';
import { canonicalJson, sha256Hex } from './report-hash.js';

export const REPORT_FORMAT = 'mechid-report';
const OPEN = '<script type="application/json" id="mechid-result">';
// Deeper than any report nests (a modes result's FRFs: payload, result, frf, H, output, input, frequency, [re, im]).
const MAX_DEPTH = 16;

/** The payload as the script element's text. */
export const embedPayload = (payload) => JSON.stringify(payload).replace(/</g, '\\u003c');

/** Whether a file's text looks like a report (an HTML text with the embedded result). */
export const isReportText = (text) => text.includes(OPEN);

/**
 * The embedded object of a report's text: resolves to {format, version, kind, result, settings,
 * data, geometry, result_sha256, warnings} (warnings: [] or the sentence about another version);
 * rejects with a MechidError 'bad-input' whose message starts with `name` (when given) and says what is wrong.
 * `version`: this tool's.
 */
export async function readReport(html, name, version) {
  const fail = (what) => badInput(name ? `${name}: ${what}` : what);
  const start = html.indexOf(OPEN);
  if (start < 0) throw fail('not a mechid report (it holds no embedded result, the element mechid-result)');
  const end = html.indexOf('</script>', start);
  if (end < 0) throw fail('the embedded result is cut short (no end of the element mechid-result)');
  const json = html.slice(start + OPEN.length, end);
  const depth = jsonDepth(json);
  if (depth > MAX_DEPTH) throw fail(`the embedded result nests ${depth} levels deep; a report nests at most ${MAX_DEPTH}`);
  let payload;
  try {
    payload = JSON.parse(json);
  } catch (e) {
    throw fail(`the embedded result is not valid JSON (${String(e.message).slice(0, 120)})`);
  }
  if (payload === null || typeof payload !== 'object' || payload.format !== REPORT_FORMAT) throw fail('not a mechid report (its embedded JSON is not of the format mechid-report)');
  if (!('result' in payload) || typeof payload.result_sha256 !== 'string') throw fail('the embedded result or its SHA-256 is missing');
  const sha = await sha256Hex(canonicalJson(payload.result));
  if (sha !== payload.result_sha256) {
    throw fail(`the embedded result was changed after the report was written: its SHA-256 ${sha} does not match the one recorded, ${payload.result_sha256}`);
  }
  const warnings = version !== undefined && payload.version !== version
    ? [`${name || 'the report'} was written by mechid ${payload.version}; this is mechid ${version}: its result is read as this version's (result keys are kept across versions), check the numbers`]
    : [];
  return { ...payload, warnings };
}
