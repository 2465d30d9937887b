// The core's threads under Node (issue 55, item 4): the module built with WebAssembly threads
// (web/gen/node/mechid-threads.cjs, loadMechidNode({threads})) gives the numbers of the module
// without threads to the bit, its bad-input errors stay bad input, and the CLI runs on the count
// bin/threads.mjs reads (the cores up to 8, or MECHID_THREADS).
// Run: node --test tests/node/threads.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { cliThreads, MAX_ASKED, MAX_THREADS } from '../../bin/threads.mjs';
import { cli, mechid, root } from './helpers.mjs';

// M, D, K and the modes of each result, as exact decimal strings: equal strings, equal doubles.
const estimates = (r) => JSON.stringify([r.M, r.D, r.K, r.modal?.modes?.map((m) => [m.freq_hz, m.zeta])]);

test('MECHID_THREADS: the cores up to 8 when unset; a count from 1 to 64; anything else is bad input naming it', () => {
  assert.equal(cliThreads({}, 1), 1);
  assert.equal(cliThreads({}, 4), 4);
  assert.equal(cliThreads({ MECHID_THREADS: '' }, 16), MAX_THREADS);
  assert.equal(cliThreads({ MECHID_THREADS: '3' }, 2), 3);
  assert.equal(cliThreads({ MECHID_THREADS: ` ${MAX_ASKED} ` }, 2), MAX_ASKED);
  for (const text of ['0', '-1', '2.5', 'two', `${MAX_ASKED + 1}`]) {
    assert.throws(() => cliThreads({ MECHID_THREADS: text }, 2), (e) => e.code === 'bad-input' && /^MECHID_THREADS must be/.test(e.message), text);
  }
});

test('the module with threads: the same bits as the one without, on 2 threads; its bad-input errors stay bad input', async () => {
  const two = await loadMechidNode({ threads: 2 });
  assert.equal(two.threads(), 2);
  assert.equal(mechid.threads(), 1);
  assert.equal(mechid.setThreads(4), 1, 'the module without threads stays on one');
  // 8dof: 124 parameters and 16 states, so the Jacobian's recursion and rank updates go by blocks.
  const truth = mechid.preset('8dof');
  const d = mechid.simulate(truth, { h: 0.05, n: 1500, input: 'prbs', snr: 30, seed: 4 });
  const data = { h: d.h, u: d.u, y: d.q, inputSampling: 'hold' };
  const one = mechid.identify('auto', data, {}, truth);
  const many = two.identify('auto', data, {}, truth);
  assert.equal(many.status, one.status);
  assert.equal(estimates(many), estimates(one));
  assert.throws(() => two.preset('no such preset'), (e) => e.code === 'bad-input' && /unknown preset/.test(e.message));
});

test('the CLI: MECHID_THREADS=2 prints the numbers of MECHID_THREADS=1; a bad count is one line and exit 1', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mechid-threads-'));
  try {
    const data = join(dir, 'chain.csv');
    assert.equal((await cli('simulate', '--system', 'chain6', '--h', '0.02', '--n', '1500', '--snr', '30', '--seed', '5', '--out', data)).code, 0);
    const run = (threads) => spawnSync(process.execPath, ['--no-concurrent-recompilation', `${root}bin/mechid.js`, 'identify', '--data', data,
      '--method', 'auto', '--input-sampling', 'hold'], { encoding: 'utf8', env: { ...process.env, MECHID_THREADS: threads }, timeout: 120_000 });
    const [one, two] = [run('1'), run('2')];
    assert.equal(one.status, 0, one.stderr);
    assert.equal(two.status, 0, two.stderr);
    assert.equal(estimates(JSON.parse(two.stdout)), estimates(JSON.parse(one.stdout)));
    const bad = run('many');
    assert.equal(bad.status, 1);
    assert.equal(bad.stdout, '');
    assert.equal(bad.stderr, "mechid: error: MECHID_THREADS must be a whole number of threads from 1 to 64, got 'many'\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
