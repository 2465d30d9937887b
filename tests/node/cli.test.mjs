// The mechid CLI: output format of docs/interfaces.md, and one-line errors with exit 1 on bad input.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cliProcess as cli, mechid, root } from './helpers.mjs';
import { SHEBANG } from '../../bin/launch.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-cli-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('simulate writes the CSV of docs/interfaces.md, equal to the API result', () => {
  const r = cli('simulate', '--system', '3dof', '--h', '0.05', '--n', '200', '--snr', '15', '--seed', '4', '--with-derivatives');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines[0], 't,u1,u2,u3,q1,q2,q3,v1,v2,v3,a1,a2,a3');
  assert.equal(lines.length, 201);
  const api = mechid.simulate(mechid.preset('3dof'), { h: 0.05, n: 200, snr: 15, seed: 4 });
  const last = lines[200].split(',').map(Number);
  assert.equal(last[0], api.t[199]);
  assert.deepEqual(last.slice(4, 7), Array.from(api.q.data.slice(597, 600)));
});

// The other tests run the CLI as its executable does, in one process; `node bin/mechid.js` (no flag)
// goes through the launcher, which starts a second process: the same output and exit code.
test('node bin/mechid.js: the launcher passes on the output and the exit code of the CLI', () => {
  const launched = (...args) => spawnSync(process.execPath, [join(root, 'bin/mechid.js'), ...args], { encoding: 'utf8' });
  const args = ['simulate', '--system', 'msd', '--h', '0.1', '--n', '20', '--seed', '2'];
  const ok = launched(...args);
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stdout, cli(...args).stdout);
  const bad = launched('simulate', '--system', 'msd', '--h', 'abc');
  assert.equal(bad.status, 1);
  assert.equal(bad.stdout, '');
  assert.equal(bad.stderr, cli('simulate', '--system', 'msd', '--h', 'abc').stderr);
  assert.match(bad.stderr, /^mechid: error: .*--h/);
  assert.equal(bad.stderr.trimEnd().split('\n').length, 1);
});

// Run as an executable, its first line starts the CLI's process (bin/launch.mjs): the same output.
test('bin/mechid.js run as an executable: its first line is bin/launch.mjs\'s and gives the CLI\'s output', () => {
  const executable = join(root, 'bin/mechid.js');
  assert.equal(readFileSync(executable, 'utf8').split('\n', 1)[0], SHEBANG);
  const args = ['simulate', '--system', 'msd', '--h', '0.1', '--n', '20', '--seed', '2'];
  const run = spawnSync(executable, args, { encoding: 'utf8', env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` } });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, cli(...args).stdout);
});

test('simulate --out writes a file; a system JSON file is accepted', () => {
  const systemFile = join(dir, 'two.json');
  writeFileSync(systemFile, JSON.stringify({ name: 'two', M: [[1, 0], [0, 2]], D: [[0.1, 0], [0, 0.1]], K: [[3, -1], [-1, 3]], L: [[1], [0]] }));
  const out = join(dir, 'two.csv');
  const r = cli('simulate', '--system', systemFile, '--h', '0.1', '--n', '50', '--input', 'chirp', '--out', out);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
  assert.equal(lines[0], 't,u1,q1,q2');
  assert.equal(lines.length, 51);
});

test('bad input exits 1 with exactly one line naming the problem', () => {
  const write = (name, text) => { const f = join(dir, name); writeFileSync(f, text); return f; };
  const asymmetric = write('asym.json', '{"M":[[1,0],[0,1]],"D":[[0,0],[0,0]],"K":[[2,1],[0,2]]}');
  const notPd = write('notpd.json', '{"M":[[1,0],[0,-1]],"D":[[0,0],[0,0]],"K":[[2,1],[1,2]]}');
  const malformed = write('bad.json', '{"M":[[1,0],[0,1]');
  const ragged = write('ragged.json', '{"M":[[1,0],[0]],"D":[[0,0],[0,0]],"K":[[2,1],[1,2]]}');
  const base = ['simulate', '--system', '3dof'];
  const cases = [
    [[...base, '--h', '-1', '--n', '10'], 'h must be a positive number of seconds, got -1'],
    [[...base, '--h', '0', '--n', '10'], 'h must be a positive number of seconds, got 0'],
    [[...base, '--h', '0.1', '--n', '2'], 'n must be at least 3 samples, got 2'],
    [[...base, '--h', 'fast', '--n', '10'], "--h must be a number, got 'fast'"],
    [[...base, '--h', '0.1', '--n', '10', '--input', 'noise'], "--input must be prbs, sine, multisine, chirp or step, got 'noise'"],
    [[...base, '--h', '0.1', '--n', '10', '--colour', 'red'], /^unknown option --colour for simulate/],
    [[...base, '--h', '0.1', '--n', '10', '--snr'], '--snr needs a value'],
    [['simulate', '--system', '5dof', '--h', '0.1', '--n', '10'], "--system '5dof' is neither a preset (3dof, 8dof, msd, chain16, chain24, or chain<n> for another chain length) nor an existing file"],
    [['simulate', '--system', 'chain99', '--h', '0.1', '--n', '10'], "--system: unknown preset 'chain99' (known: 3dof, 8dof, msd, chain<n> with n = 2 … 64, e.g. chain16)"],
    [['simulate', '--system', asymmetric, '--h', '0.1', '--n', '10'], `system file ${asymmetric}: K is not symmetric: K(1,2) = 1 but K(2,1) = 0`],
    [['simulate', '--system', notPd, '--h', '0.1', '--n', '10'], `system file ${notPd}: M is not positive definite: its smallest eigenvalue is -1`],
    [['simulate', '--system', malformed, '--h', '0.1', '--n', '10'], /^system file .*bad\.json is not valid JSON: /],
    [['simulate', '--system', ragged, '--h', '0.1', '--n', '10'], `system file ${ragged}: matrix M row 2 has 1 entries but row 1 has 2`],
    [['simulate', '--h', '0.1'], 'simulate needs --system'],
    [['identify-everything'], /^unknown command 'identify-everything' \(known: simulate, discretize, /],
  ];
  for (const [args, expected] of cases) {
    const r = cli(...args);
    assert.equal(r.code, 1, `${args.join(' ')}: exit ${r.code}, stderr ${r.stderr}`);
    assert.equal(r.stdout, '');
    const lines = r.stderr.split('\n').filter(Boolean);
    assert.equal(lines.length, 1, r.stderr);
    const message = lines[0].replace(/^mechid: error: /, '');
    assert.ok(lines[0].startsWith('mechid: error: '), lines[0]);
    if (expected instanceof RegExp) assert.match(message, expected);
    else assert.equal(message, expected);
  }
});

test('help prints the usage and exits 0', () => {
  const r = cli('help');
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^usage: mechid <command>/);
});
