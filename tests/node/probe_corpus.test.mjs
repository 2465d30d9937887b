// The reliability probe's corpus (issue 56, tests/fixtures/probe/corpus.mjs): every CLI case run in
// this process, each judged by the review's rubric: no crash (exit 2, "internal"), no silent
// acceptance (exit 0 where the input must be refused), and the one error line naming what and
// where as its expected pattern says (with the warning that names a skipped record or channel
// first, where one must); each control runs (exit 0). The files are written from a 300-sample
// simulation into a temporary folder (about 2 s); the cases take about 10 s on a loaded machine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CASES, outcome, runCase, writeCorpus } from '../fixtures/probe/corpus.mjs';
import { mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-probe-'));
before(() => writeCorpus(dir, mechid));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the corpus: at least 159 bad inputs and 15 controls, each id once', () => {
  const ids = CASES.map((c) => c.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(CASES.filter((c) => c.expected.code === 1).length >= 159);
  assert.ok(CASES.filter((c) => c.expected.code === 0).length >= 15);
});

for (const c of CASES) {
  test(`${c.area}: ${c.id}`, async () => {
    const r = await runCase(c, dir, mechid);
    const shown = r.stderr.replaceAll(`${dir}/`, '');
    assert.equal(outcome(c, r), 'fine', `exit ${r.code}: ${shown}`);
    assert.equal(r.code, c.expected.code, shown);
  });
}
