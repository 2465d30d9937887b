// The core words its advice for no tool (issue 47, item 4): an advice's `action` names no CLI option
// and no page control, and each host adds its own words from the advice's `options`: the CLI prints
// the options to type after the warnings (bin/io.mjs adviseCommandLine, wasm/option-words.js
// commandLineOf), the page makes a button of them (web/ui/advice-actions.js).
// Run: node --test tests/node/advice_words.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandLineOf } from '../../wasm/option-words.js';
import { cli } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-advice-words-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

// A positioning stage on rails (the free body of tests/e2e/routes.test.mjs): M q″ + D q′ + F_c sign(q′)
// = u (95 kg, 200 N s/m, 20 N), no spring, under a position loop, q with 1 µm of noise: t, u1, q1.
function stageFile() {
  const M = 95, D = 200, Fc = 20, h = 0.001, n = 8000, sub = 20;
  let q = 0, v = 0, seed = 3, level = 0;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = ['t,u1,q1'];
  for (let i = 0; i < n; i++) {
    if (i % 100 === 0) level = 400 * (rand() - 0.5);
    const u = level - 3000 * q - 400 * v;
    lines.push(`${(i * h).toFixed(4)},${u.toPrecision(8)},${(q + 1e-6 * (rand() - 0.5)).toPrecision(8)}`);
    for (let s = 0; s < sub; s++) {
      const a = (u - D * v - Fc * Math.sign(v)) / M;
      v += a * h / sub;
      q += v * h / sub;
    }
  }
  const file = join(dir, 'stage.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

test('commandLineOf: switches bare, values as one shell word, API spellings as the CLI\'s', () => {
  assert.equal(commandLineOf({ offset: '' }), '--offset');
  assert.equal(commandLineOf({ structure: '{"K":"zero"}' }), `--structure '{"K":"zero"}'`);
  assert.equal(commandLineOf({ scale: 'q2=1e-3,q3=1e-6', maxOrder: '80' }), '--scale q2=1e-3,q3=1e-6 --max-order 80');
  assert.equal(commandLineOf({ band: '0.05:0.8', max_order: '80' }), '--band 0.05:0.8 --max-order 80');
  assert.equal(commandLineOf({}), '');
});

test('a free body: the advice says "K = 0" in words, and the CLI prints --structure \'{"K":"zero"}\' to type', async () => {
  const r = await cli('identify', '--data', stageFile(), '--method', 'auto');
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout).advice.find((x) => x.code === 'free_body');
  assert.ok(a, r.stdout.slice(0, 2000));
  assert.deepEqual(a.options, { structure: '{"K":"zero"}' });
  assert.doesNotMatch(a.action, /--|the page|page's|CLI/, a.action);
  assert.match(a.action, /K = 0/);
  const line = r.stderr.split('\n').find((l) => l.startsWith('mechid: what to do (free_body)'));
  assert.ok(line, r.stderr);
  assert.ok(line.includes(`--structure '{"K":"zero"}'`), line);
});
