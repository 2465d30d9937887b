// Issue 56 (hardening), the CLI's cases: each reproduction of the reliability probe of e622506 that
// is not about a file reader, with the message it must give now. Crashes (exit 2 "internal") become
// one clear line naming the option; silent acceptances become refusals; checks that need no
// computing come before the first estimate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-hardening-56-'));
const file = (name) => join(dir, name);

// One line "mechid: error: …", exit 1 (bad input), never "internal".
function refused(r, pattern) {
  assert.equal(r.code, 1, `exit ${r.code}: ${r.stderr}`);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.doesNotMatch(lines[0], /internal/);
  assert.match(lines[0], pattern);
}

// A CSV with column `col` (0-based) of every data row set to `value`.
function withColumn(from, to, cols, value) {
  const [head, ...rows] = readFileSync(from, 'utf8').trim().split('\n');
  writeFileSync(to, `${[head, ...rows.map((l) => { const c = l.split(','); for (const k of cols) c[k] = value; return c.join(','); })].join('\n')}\n`);
}

const base = file('base.csv');
const multisine = file('ms.csv');
test('setup: the records of the probe, simulated', async () => {
  assert.equal((await cli('simulate', '--system', '3dof', '--h', '0.05', '--n', '300', '--snr', '40', '--seed', '1', '--out', base)).code, 0);
  assert.equal((await cli('simulate', '--system', '3dof', '--h', '0.05', '--n', '4096', '--snr', '40', '--seed', '3', '--input', 'multisine', '--out', multisine)).code, 0);
});

test('a structure JSON nested 5,000 deep is refused naming --structure (was "internal: Maximum call stack size exceeded")', async () => {
  const deep = file('structure-nested-5000.json');
  writeFileSync(deep, `{"M":${'['.repeat(5000)}1${']'.repeat(5000)}}`);
  const r = await cli('identify', '--data', base, '--method', 'auto', '--structure', deep);
  refused(r, /--structure file .* nests 5001 levels deep; .* at most 4 levels/);
  // inline too
  refused(await cli('identify', '--data', base, '--method', 'auto', '--structure', `{"K":${'['.repeat(3000)}${']'.repeat(3000)}}`), /--structure nests 3001 levels/);
});

test('simulate of a 300-DOF system with 2e6 samples is refused before allocating, naming the sizes and the memory (was std::bad_alloc)', async () => {
  const n = 300;
  const square = (f) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => f(i, j)));
  const system = file('sys300.json');
  writeFileSync(system, JSON.stringify({ M: square((i, j) => +(i === j)), D: square((i, j) => (i === j ? 0.1 : 0)), K: square((i, j) => (i === j ? 2 : Math.abs(i - j) === 1 ? -1 : 0)) }));
  const r = await cli('simulate', '--system', system, '--h', '0.01', '--n', '2000000', '--out', file('never.csv'));
  // 8 bytes x 2e6 samples x (7 x 300 + 2 x 300 + 1) = 43.2 GB
  refused(r, /n = 2000000 samples of a 300-DOF system with 300 input\(s\) need about 43\.2 GB of memory, above the 1\.5 GB this build can use: at most 69418 samples/);
  // and the largest it names runs
  assert.equal((await cli('simulate', '--system', system, '--h', '0.01', '--n', '500', '--out', file('small300.csv'))).code, 0);
});

test('messages name the CLI options (--force-dofs, --L FILE, --max-work), never the API names (force_dofs, forceDofs, maxWork)', async () => {
  const cases = [
    [['--force-dofs', '1,2'], /--force-dofs names 2 DOF\(s\) but the data have 3 input column\(s\)/],
    [['--force-dofs', '1,2,7'], /--force-dofs entry 3 is 7: the data have DOFs 1 to 3/],
    [['--input-cols', 'u1,u2'], /give --L FILE \(n x k\) or --force-dofs \(the DOF each input acts on\)/],
    [['--max-work', '-3'], /--max-work must be a positive number/],
  ];
  for (const [args, pattern] of cases) {
    const r = await cli('identify', '--data', base, '--method', 'auto', ...args);
    refused(r, pattern);
    assert.doesNotMatch(r.stderr, /force_dofs|forceDofs|maxWork/);
  }
});

test('the same file given twice as runs (or as a run and its validation), or a column\'s --scale given twice, is refused naming it', async () => {
  refused(await cli('identify', '--data', base, '--data', base, '--method', 'auto'), /--data .*base\.csv is given twice \(also as --data\): the same run would count twice/);
  refused(await cli('identify', '--data', base, '--validate', base, '--method', 'auto'), /--validate .*base\.csv is given twice \(also as --data\)/);
  // a column's factor given twice: the last won silently
  refused(await cli('identify', '--data', base, '--method', 'auto', '--scale', 'q1=2,q1=-1'), /--scale q1 is given twice \(2 and -1\): give each column one factor/);
});

test('modes: --segment with the default local polynomial method is refused (was ignored); with --frf welch it is taken', async () => {
  refused(await cli('modes', '--data', multisine, '--band', '0.1:9.9', '--segment', '1024'), /segment length applies to Welch's method only/);
  const r = await cli('frf', '--data', multisine, '--frf', 'welch', '--segment', '1024', '--band', '0.1:9.9');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).segment ?? 1024, 1024);
});

test('a band beyond the Nyquist frequency is refused naming it (was accepted)', async () => {
  // h = 0.05 s: Nyquist 10 Hz
  refused(await cli('modes', '--data', multisine, '--band', '0.1:25'), /the band ends at 25 Hz, above the Nyquist frequency 10 Hz of the record \(h = 0\.05 s\)/);
  refused(await cli('frf', '--data', multisine, '--band', '0.1:10.5'), /above the Nyquist frequency 10 Hz/);
  assert.equal((await cli('frf', '--data', multisine, '--band', '0.1:10')).code, 0);
});

test('a constant or all-zero output is named (was "not rich enough", a warning with unstable roots, "raise max_order")', async () => {
  const zero = file('zero-q2.csv'), constant = file('constant-q2.csv'), flat = file('ms-const.csv');
  withColumn(base, zero, [5], '0');
  withColumn(base, constant, [5], '0.25');
  withColumn(multisine, flat, [4, 5, 6], '0.5');
  for (const method of ['auto', 'variational', 'equation-error', 'inverse-dynamic']) {
    refused(await cli('identify', '--data', zero, '--method', method), /output q2 is zero in every sample: its sensor recorded no motion/);
  }
  refused(await cli('identify', '--data', constant, '--method', 'variational'), /output q2 is constant \(every sample is 0\.25\)/);
  refused(await cli('modes', '--data', flat, '--band', '0.1:9.9'), /output 1 is constant \(every sample is 0\.5\): its sensor recorded no response/);
});

test('an output of noise only (a dead sensor that records its own noise) is named after the subspace step (its PEM crept to 15-140x the work guard\'s estimate)', async () => {
  const noisy = file('noise-q2.csv');
  const [head, ...rows] = readFileSync(base, 'utf8').trim().split('\n');
  let seed = 7;
  const noise = () => 1e-3 * ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5);
  writeFileSync(noisy, `${[head, ...rows.map((l) => { const c = l.split(','); c[5] = String(noise()); return c.join(','); })].join('\n')}\n`);
  for (const method of ['auto', 'n4sid-d2c', 'variational', 'variational-zoh'])
    refused(await cli('identify', '--data', noisy, '--method', method), /output q2 does not respond to the inputs: it looks like noise alone .*leave its column out of the outputs or check the sensor\. .* no more than noise would/);
  assert.equal((await cli('identify', '--data', base, '--method', 'n4sid-d2c')).code, 0);  // the record as simulated
});

test('checks before work: an --out in a missing folder, a missing --truth, a bad --structure are refused before any estimate', async () => {
  // No warning of a finished identification before the refusal: nothing was estimated.
  refused(await cli('identify', '--data', base, '--method', 'variational', '--out', join(dir, 'missing', 'r.json')), /--out .*r\.json: the folder .*missing does not exist/);
  refused(await cli('identify', '--data', base, '--method', 'auto', '--truth', join(dir, 'no-truth.json')), /^mechid: error: --truth '.*no-truth\.json' is neither a preset/);
  refused(await cli('identify', '--data', base, '--validate', join(dir, 'no.csv'), '--method', 'auto'), /cannot read data file .*no\.csv: ENOENT/);
  refused(await cli('modes', '--data', multisine, '--band', '0.1:9', '--uff', join(dir, 'missing', 'm.uff')), /--uff .*m\.uff: the folder .*missing does not exist/);
});
