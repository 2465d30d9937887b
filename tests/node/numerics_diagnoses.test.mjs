// The numerics review of e622506, problem 9, through the CLI: on the review's record (3dof, h 0.05,
// N 3000, SNR 30 dB, seed 7; identify --method auto --input-sampling hold --truth 3dof) the result's
// advice names the cause: one output with the wrong sign, outputs in mixed units, a constant offset
// (with --offset, which then recovers the clean estimate), a drift, sampling beyond a mode's Nyquist
// frequency; the clean record gets none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-diagnoses-'));
const record = join(dir, 'b.csv');
const simulated = await cli('simulate', '--system', '3dof', '--h', '0.05', '--n', '3000', '--snr', '30', '--seed', '7', '--out', record);
assert.equal(simulated.code, 0, simulated.stderr);

/** The record with `change(row, index, rows)` applied to each row's numbers [t, u1..u3, q1..q3]. */
function edited(name, change) {
  const [header, ...lines] = readFileSync(record, 'utf8').trim().split('\n');
  const rows = lines.map((line) => line.split(',').map(Number));
  const rms = [4, 5, 6].map((c) => Math.sqrt(rows.reduce((s, r) => s + r[c] ** 2, 0) / rows.length));
  const file = join(dir, name);
  writeFileSync(file, `${header}\n${rows.map((r, i) => change(r, i, rows.length, rms).join(',')).join('\n')}\n`);
  return file;
}

async function identify(data, ...args) {
  const r = await cli('identify', '--data', data, '--method', 'auto', '--input-sampling', 'hold', '--truth', '3dof', ...args);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const codes = (result) => result.advice.map((a) => a.code);
const advice = (result, code) => result.advice.find((a) => a.code === code);

test('the clean record: status ok, no advice, the truth', async () => {
  const r = await identify(record);
  assert.equal(r.status, 'ok', r.message);
  assert.deepEqual(r.advice, []);
  assert.ok(r.errors.M < 0.005 && r.errors.K < 0.005, JSON.stringify(r.errors));
});

test('--scale q2=-1: the flipped output is named, with the flip that fixes it', async () => {
  const r = await identify(record, '--scale', 'q2=-1');
  const a = advice(r, 'sign_flipped');
  assert.ok(a, JSON.stringify(r.advice));
  assert.equal(a.level, 'warning');
  assert.match(a.message, /^Output q2 seems to have the wrong sign/);
  assert.match(a.action, /flip its sign \(the factor q2=-1 for that column\)/);
  assert.deepEqual(a.options, { scale: 'q2=-1' });  // the action as options a page button can apply
  assert.equal(r.checks.sign_reversed, false);
  assert.equal(r.status, 'warning');
});

test('--scale q2=1e3,q3=1e6: mixed units, naming q2 and q3 and the factors that undo them', async () => {
  const r = await identify(record, '--scale', 'q2=1e3,q3=1e6');
  const a = advice(r, 'mixed_units');
  assert.ok(a, JSON.stringify(r.advice));
  assert.match(a.message, /different units: the RMS of q2 is 1\.\d+e\+03 times that of q1 and of q3 1\.\d+e\+06 times/);
  assert.match(a.action, /the factors q2=1e-3,q3=1e-6/);
  assert.ok(!codes(r).includes('sign_flipped'), JSON.stringify(r.advice));
});

test('a constant offset on q1 and q2: --offset is advised and recovers the clean estimate', async () => {
  const file = edited('offset.csv', (row, i, n, rms) => row.map((x, c) => (c === 4 || c === 5 ? x + 0.1 * rms[c - 4] : x)));
  const r = await identify(file);
  const a = advice(r, 'offset');
  assert.ok(a, JSON.stringify(r.advice));
  assert.match(a.message, /^Outputs q1 and q2 seem to carry a constant offset/);
  assert.match(a.action, /with a force offset in the model/);
  assert.deepEqual(a.options, { offset: '' });
  // the advice's options, given as CLI options, carry out the action
  const fixed = await identify(file, ...Object.entries(a.options).flatMap(([name, value]) => (value === '' ? [`--${name}`] : [`--${name}`, value])));
  assert.deepEqual(fixed.advice, []);
  assert.ok(fixed.errors.M < 0.005 && fixed.errors.K < 0.005, JSON.stringify(fixed.errors));
});

test('a linear drift on q1: drift, with detrending as the remedy (no offset advice)', async () => {
  const file = edited('drift.csv', (row, i, n, rms) => row.map((x, c) => (c === 4 ? x + (0.1 * rms[0] * i) / (n - 1) : x)));
  const r = await identify(file);
  const a = advice(r, 'drift');
  assert.ok(a, JSON.stringify(r.advice));
  assert.match(a.message, /^Output q1 seems to drift/);
  assert.match(a.action, /remove the trend/);
  assert.ok(!codes(r).includes('offset'), JSON.stringify(r.advice));
});

test('--h 2.0 (modes 2 and 3 beyond the Nyquist frequency π/h = 1.571 rad/s): aliasing, with what to do', async () => {
  const coarse = join(dir, 'h2.csv');
  const s = await cli('simulate', '--system', '3dof', '--h', '2.0', '--n', '3000', '--snr', '30', '--seed', '7', '--out', coarse);
  assert.equal(s.code, 0, s.stderr);
  const r = await identify(coarse);
  const a = advice(r, 'aliasing');
  assert.ok(a, JSON.stringify(r.advice));
  assert.match(a.message, /π\/h = 1\.571 rad\/s/);
  assert.match(a.action, /sample faster.*anti-alias/);
});
