// The reliability probe of issue 56 rerun (docs/results.md section `probe`; `node bench/run.mjs
// probe`): every CLI case of tests/fixtures/probe/corpus.mjs run in this process and judged by the
// review's rubric (crash, freeze, silent acceptance of a contradiction, unclear message, fine),
// counted per outcome and per surface, next to the review's counts for e622506. The page's cases
// are the browser tests' (tests/e2e/probe-page.test.mjs and hardening.test.mjs); their rows say
// which test checks each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../wasm/node.js';
import { CASES, OUTCOMES, outcome, runCase, writeCorpus } from '../tests/fixtures/probe/corpus.mjs';

// The review of e622506 (its summary table): 159 bad CLI inputs and 15 controls.
const REVIEW_CLI = { crash: 2, freeze: 0, 'data lost': 0, silent: 6, unclear: 22, fine: 129 + 15 };
// The page's cases of the review and the issue, with what they gave then and the test that checks them now.
const PAGE = [
  ['a saved analysis without results (and one with D null, a truth without modes)', 'data lost', 'hardening.test.mjs: listed as unreadable with Export and Delete'],
  ['a reload during a run', 'data lost', 'hardening.test.mjs: the inputs kept (sessionStorage), the reload asks first'],
  ['a structure JSON nested 5,000 deep in the custom-structure field', 'crash', 'probe-page.test.mjs: refused next to the field'],
  ['a CSV with a units row', 'freeze', 'probe-page.test.mjs: read, the page answering'],
  ['a result JSON of 600×600 matrices', 'freeze', 'hardening.test.mjs: a 30×30 corner, the longest gap < 2 s'],
  ['a result JSON nested 50,000 deep', 'unclear', 'hardening.test.mjs: refused at once, < 200 characters'],
  ['a result JSON whose matrices are not matrices', 'unclear', 'probe-page.test.mjs: one line naming the file, no TypeError'],
  ['two sign-flip buttons clicked during one run', 'silent', 'hardening.test.mjs: the factors those of the results shown'],
  ['every file of the CLI corpus chosen in the Data step', '–', 'probe-page.test.mjs: the page answers within 2 s each, a refusal names the file'],
];

const mechid = await loadMechidNode();
const dir = mkdtempSync(join(tmpdir(), 'mechid-probe-bench-'));
await writeCorpus(dir, mechid);
const now = Object.fromEntries(OUTCOMES.map((o) => [o, 0]));
const areas = new Map();
const failing = [];
const outcomes = new Map();
const t0 = performance.now();
for (const c of CASES) {
  const o = outcome(c, await runCase(c, dir, mechid));
  now[o]++;
  outcomes.set(c.id, o);
  const a = areas.get(c.area) ?? Object.fromEntries(OUTCOMES.map((k) => [k, 0]));
  a[o]++;
  areas.set(c.area, a);
  if (o !== 'fine') failing.push(`${c.id} (${o})`);
}
const seconds = (performance.now() - t0) / 1000;
rmSync(dir, { recursive: true, force: true });

const bad = CASES.filter((c) => c.expected.code === 1).length;
const row = (cells) => `| ${cells.join(' | ')} |`;
export const table = [
  `Regenerate: \`node bench/run.mjs probe\` (the CLI cases in one process, ${seconds.toFixed(0)} s here; tested case by case by \`node --test tests/node/probe_corpus.test.mjs\`).`,
  '',
  `The CLI: the review's ${159} bad inputs and 15 controls (its cases are not listed one by one; the ${CASES.filter((c) => c.before).length} it names are made again by the edits it describes, the others rebuilt on the same surfaces: ${bad} bad inputs and ${CASES.length - bad} controls).`,
  '',
  row(['', ...OUTCOMES]),
  row(['---', ...OUTCOMES.map(() => '---:')]),
  row(['review of e622506 (174 cases; 5 of the fine refused only after the whole identification)', ...OUTCOMES.map((o) => REVIEW_CLI[o])]),
  row([`now (${CASES.length} cases)`, ...OUTCOMES.map((o) => now[o])]),
  ...[...areas].map(([area, a]) => row([`— ${area}`, ...OUTCOMES.map((o) => a[o])])),
  '',
  failing.length ? `Not fine: ${failing.join(', ')}.` : 'Every case fine: refused with one line naming the file, record, line, column or option and what to do, or (controls) run.',
  '',
  `The cases the review names, then → now: ${CASES.filter((c) => c.before).map((c) => `${c.id} ${c.before} → ${outcomes.get(c.id)}`).join('; ')}.`,
  '',
  'The page:',
  '',
  row(['case', 'review / issue', 'now (checked by)']),
  row(['---', '---', '---']),
  ...PAGE.map((p) => row(p)),
].join('\n');
