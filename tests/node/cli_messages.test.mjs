// The CLI's error lines (issue 20, "Messages"; probe reliability-9fdcf06 items 5, 7, 10): one
// printable line of bounded length whatever the input holds (escape sequences, 10 000 columns, a
// 3 MB line), numbers in one strict decimal syntax, integer options within the 32-bit range of
// the WASM core, h given and not positive named as such, a bad --n of study reported as bad input.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MechidError, parseRegions, poleGrid } from '../../wasm/api.js';
import { parseScale } from '../../bin/commands/identify/linear.mjs';
import * as identify from '../../bin/commands/identify.mjs';
import { INT_RANGE, OUT, parseOptions } from '../../bin/options.mjs';
import { cli, cliProcess, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-messages-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const corpus = new URL('../data/bad/', import.meta.url).pathname;

/** Runs `identify --data FILE --method variational ...more` in-process; resolves with the MechidError. */
async function refusal(file, ...more) {
  const options = parseOptions('identify', { ...identify.options, ...OUT }, ['--data', file, '--method', 'variational', '--out', '/dev/null', ...more]);
  try {
    await identify.run(options, mechid);
  } catch (e) {
    assert.ok(e instanceof MechidError && e.code === 'bad-input', String(e));
    return e;
  }
  assert.fail(`${file} was not refused`);
}

// The spawned executable: the bytes that reach a terminal.
test('a header with terminal escape sequences reaches stderr escaped, as one line, exit 1', () => {
  const r = cliProcess('identify', '--data', `${corpus}esc-noinputs.csv`, '--method', 'auto');
  assert.equal(r.code, 1);
  assert.ok(!r.stderr.includes('\u001b'), `raw ESC on stderr: ${JSON.stringify(r.stderr)}`);
  assert.equal(r.stderr, `mechid: error: ${corpus}esc-noinputs.csv: no force channel (u1, u2, ... or a channel in N); the file has a\\x1b[2J\\x1b[H, b: choose the inputs (--input-cols)\n`);
});

test('10 000 columns: the message names the first six and the count, not every column', async () => {
  const names = Array.from({ length: 10000 }, (_, k) => `c${k + 1}`);
  const file = join(dir, 'wide.csv');
  writeFileSync(file, `${names.join(',')}\n${names.map(() => '0').join(',')}\n`);
  const e = await refusal(file);
  assert.equal(e.message, `${file}: no force channel (u1, u2, ... or a channel in N); the file has 10000 columns: c1, c2, c3, c4, c5, c6, … and 9994 more: choose the inputs (--input-cols)`);
});

test('a long cell or column name is cut in the message: its start and its length', async () => {
  const long = 'x'.repeat(5000);
  const file = join(dir, 'long-cell.csv');
  writeFileSync(file, `t,u1,q1\n0,1,0\n0.1,${long},0\n`);
  const e = await refusal(file);
  assert.equal(e.message, `${file}: line 3, column u1 "${'x'.repeat(40)}… (5000 characters)" is not a number`);
});

test('a 3 MB file without a line break is refused at once, before parsing, in a short message', async () => {
  const file = join(dir, 'one-line.csv');
  writeFileSync(file, '0.123456,'.repeat(350000));
  const t0 = performance.now();
  const e = await refusal(file);
  const ms = performance.now() - t0;
  assert.equal(e.message, `${file}: no line break in the first 1048576 characters: a measurement file has one line per sample`);
  assert.ok(ms < 1000, `${ms} ms`);
});

test('--h 0 or negative without a time column: the value given is not positive', async () => {
  for (const h of ['0', '-0.05']) {
    const e = await refusal(`${corpus}no-time-column.csv`, '--h', h);
    assert.equal(e.message, `h must be a positive number of seconds, got ${Number(h)}`);
  }
});

test('numbers in one decimal syntax: 0x1, 0b1, 0o7, 1_000, blank and Infinity are not numbers', () => {
  const table = { h: { type: 'number' }, n: { type: 'integer' }, snr: { type: 'snr' }, poles: { type: 'numbers' } };
  for (const text of ['0x1', '0b1', '0o7', '1_000', ' ', 'Infinity', '1e', '.']) {
    assert.throws(() => parseOptions('x', table, ['--h', text]), { code: 'bad-input', message: `--h must be a number, got '${text}'` });
    assert.throws(() => parseOptions('x', table, ['--n', text]), { code: 'bad-input', message: `--n must be a whole number, got '${text}'` });
  }
  assert.throws(() => parseOptions('x', table, ['--poles', '1,0x2']), { message: "--poles must be a number, got '0x2'" });
  // What is a number stays one: signs, a bare point, exponents; inf for an snr.
  assert.deepEqual(parseOptions('x', table, ['--h', '+.5e-1', '--n', '12', '--snr', 'inf', '--poles', '5.,-2E3']),
    { h: 0.05, n: 12, snr: Infinity, poles: [5, -2000] });
});

test('the numbers inside option values (--scale, --regions, --pole-grid) use the same syntax', () => {
  assert.throws(() => parseScale(['u1=0x10']), { code: 'bad-input', message: /^--scale u1=0x10: the factor must be a finite nonzero number/ });
  assert.deepEqual([...parseScale(['u1=-1', 'q1=1.786e-5'])], [['u1', -1], ['q1', 1.786e-5]]);
  assert.throws(() => parseRegions('breakpoints:1,0b1'), { code: 'bad-input', message: "regions 'breakpoints:1,0b1': '0b1' is not a number" });
  assert.throws(() => poleGrid('0x1:2:0.1'), { code: 'bad-input', message: /^a pole grid is lo:hi:step/ });
  assert.equal(poleGrid('0.5:1.5:0.5').length, 3);
});

test('integer options: whole and within the 32-bit int of the WASM core, the range in the message', () => {
  assert.deepEqual(INT_RANGE, { min: -2147483648, max: 2147483647 });
  const cases = [
    [['--block-rows', '2147483648'], '--block-rows must be at most 2147483647 (a 32-bit integer), got 2147483648'],
    [['--block-rows', '4294967297'], '--block-rows must be at most 2147483647 (a 32-bit integer), got 4294967297'],
    [['--block-rows', '1e10'], '--block-rows must be at most 2147483647 (a 32-bit integer), got 10000000000'],
    [['--dof', '-2147483649'], '--dof must be at least -2147483648, got -2147483649'],  // --segments: the core's range (1 …)
    [['--dof', '1e300'], '--dof must be at most 2147483647 (a 32-bit integer), got 1e+300'],
  ];
  for (const [argv, message] of cases) assert.throws(() => parseOptions('identify', identify.options, argv), { code: 'bad-input', message });
  assert.equal(parseOptions('identify', identify.options, ['--block-rows', '2147483647'])['block-rows'], 2147483647);
  // A seed is a whole number JS carries exactly (the core's converter takes 0 … 2^53 − 1).
  const seed = { seed: { type: 'integer', min: 0, max: Number.MAX_SAFE_INTEGER } };
  assert.equal(parseOptions('x', seed, ['--seed', '4294967296']).seed, 4294967296);
  assert.throws(() => parseOptions('x', seed, ['--seed', '1e16']), { message: '--seed must be at most 9007199254740991, got 10000000000000000' });
});

test('every integer option of every command is range-checked before it reaches the core', async () => {
  const commands = await Promise.all(['simulate', 'identify', 'study', 'perturb-study'].map((c) => import(`../../bin/commands/${c}.mjs`)));
  for (const command of commands) {
    for (const [name, spec] of Object.entries(command.options)) {
      if (spec.type !== 'integer') continue;
      assert.throws(() => parseOptions(command.name, command.options, [`--${name}`, '9007199254740993']),
        { code: 'bad-input', message: new RegExp(`^--${name} must be at most \\d+`) }, `${command.name} --${name}`);
    }
  }
});

test('study --n beyond the core\'s limit is bad input (exit 1) with the limit, not internal', async () => {
  const r = await cli('study', '--system', 'msd', '--h', '0.1', '--snr', '20', '--runs', '1', '--n', '100000000', '--methods', 'variational', '--workers', '1');
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stderr, 'mechid: error: n must be at most 2000000 samples, got 100000000\n');
});

test('an unknown argument or command is quoted, escaped and cut', () => {
  assert.throws(() => parseOptions('x', {}, [`a\u001b]0;title\u0007${'y'.repeat(100)}`]),
    { message: `unexpected argument 'a\\x1b]0;title\\x07${'y'.repeat(29)}… (111 characters)' for x (options start with --)` });
});

// Probe item 9: absurd sampling periods gave q = 0, G = 0 or κ = null with exit 0. Each command now
// refuses on one line naming h and the range it takes (core/sampling_period.hpp, conditioning.hpp).
test('absurd h: simulate, discretize and condition refuse on one line naming h and the range, exit 1', async () => {
  const cases = [
    [['simulate', '--system', 'msd', '--h', '1e300', '--n', '5'], /h = 1e\+300 s is too long for this system.*give h between/],
    [['simulate', '--system', 'msd', '--h', '1e-320', '--n', '5'], /h must be between 1e-300 and 1e300 seconds, got 1e-320/],
    [['discretize', '--system', 'msd', '--h', '1e200', '--method', 'zoh'], /h = 1e\+200 s is too long/],
    [['discretize', '--system', 'msd', '--h', '1e-300', '--method', 'variational'], /h = 1e-300 s is too short.*below double precision/],
    [['condition', '--h', '1e20'], /h = 1e\+20 is outside the range the conditioning analysis covers, 1e-12 to 1e12/],
  ];
  for (const [args, pattern] of cases) {
    const r = await cli(...args);
    assert.equal(r.code, 1, `${args.join(' ')}: exit ${r.code}, ${r.stderr}`);
    assert.match(r.stderr, pattern, args.join(' '));
    assert.equal(r.stderr.split('\n').length, 2, `one line: ${r.stderr}`);
    assert.equal(r.stdout, '');
  }
});
