// Target report: the one-file report (wasm/report.js) of an identify result, its text mutated (cut,
// a character of the embedded JSON changed, its version or format changed, deep nesting, a closing
// script tag or a second embedded element inserted, the HTML around it changed), then read back and
// written again (fuzz/report-call.mjs): every text is either read with the very result it was
// written with, or refused as bad input.
import { toJson } from '../../wasm/api.js';
import { writeReport } from '../../wasm/report.js';
import { canonicalJson, sha256Hex } from '../../wasm/report-hash.js';

const CHARS = ['0', '9', '"', '}', ']', '[', '{', '<', '\\', 'x', ',', ' ', '\u2028', 'é'];
const OPEN = '<script type="application/json" id="mechid-result">';

// Each operator changes the text from the generated naturals a, b.
const OPS = {
  cut: (t, a) => t.slice(0, a % t.length),
  char(t, a, b) {
    const start = t.indexOf(OPEN) + OPEN.length, end = t.indexOf('</script>', start);
    const at = start + (a % (end - start));
    return t.slice(0, at) + CHARS[b % CHARS.length] + t.slice(at + 1);
  },
  version: (t, a) => t.replace('"version":"0.1.0"', ['"version":"9.9.9"', '"version":""', '"version":null', '"version":1'][a % 4]),
  format: (t, a) => t.replace('"format":"mechid-report"', ['"format":"other"', '"format":null', ''][a % 3]),
  nest: (t, a) => t.replace('"result":', `"result":${'['.repeat(10 + (a % 5000))}`),
  close: (t, a) => { const at = t.indexOf(OPEN) + OPEN.length + (a % 200); return `${t.slice(0, at)}</script>${t.slice(at)}`; },
  second: (t, a) => t.replace('<body>', `<body>${OPEN}${['{}', '{"format":"mechid-report"}', 'null'][a % 3]}</script>`),
  html: (t, a) => t.replace('<h1>', `<h1>${'x'.repeat(a % 50)}`),
  sha: (t, a) => t.replace(/"result_sha256":"[0-9a-f]/, `"result_sha256":"${'0123456789abcdef'[a % 16]}`),
};
const OPERATORS = Object.keys(OPS);

export async function setup(mechid) {
  const sim = mechid.simulate(mechid.preset('msd'), { h: 0.1, n: 400, snr: 40, seed: 3 });
  const result = JSON.parse(JSON.stringify(toJson(mechid.identify('auto', { h: sim.h, u: sim.u, y: sim.q }))));
  const text = await writeReport({ kind: 'identify', result, data: { name: 'msd.csv', sha256: '0'.repeat(64), size: 1 }, version: '0.1.0' });
  return { text, sha: await sha256Hex(canonicalJson(result)) };
}

export function arbitrary(fc) {
  return fc.array(fc.record({ op: fc.nat({ max: OPERATORS.length - 1 }), a: fc.nat(), b: fc.nat() }), { maxLength: 3 });
}

export function prepare(mechid, mutations, { text, sha }) {
  let t = text;
  for (const { op, a, b } of mutations) t = OPS[OPERATORS[op]](t, a, b);
  return { fn: 'reportRead', args: { text: t, sha } };
}
