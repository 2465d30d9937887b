// The core speaks no host's words and the hosts compute no number (issue 47: "status, termination
// and advice are typed", "src/ computes every number", "each rule written once"):
// - no string of src/ names a CLI option (--x) or a host (the page, the CLI): an option is named by
//   its API name (maxWork) or carried typed (an advice's options), and each host words it;
// - the residual tests' "the forces between samples are not as assumed" is typed advice
//   (correlated_residuals, options {"input-sampling": ...}) that the CLI prints as the option to type;
// - the UFF 55 writer only formats: a mode's eigenvalue in the file is the core's pole (modes, oma);
// - the names of inputSampling are written once (core/input_sampling_field.hpp): the Dataset's and
//   the EKF's option give the same message.
// Run: node --test tests/node/core_words.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUff } from '../../wasm/uff.js';
import { writeUff55 } from '../../wasm/uff-write.js';
import { ambientAccelerations, h as frameH } from '../fixtures/oma/shear-frame.mjs';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-core-words-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const src = new URL('../../src/', import.meta.url).pathname;

function* sources(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(cpp|hpp)$/.test(name)) yield path;
  }
}

test('no string literal in src/ names a CLI option (--x) or a host (the page, the CLI, mechid <command>)', () => {
  const found = [];
  for (const path of sources(src)) {
    readFileSync(path, 'utf8').split('\n').forEach((line, i) => {
      if (/^\s*\/\//.test(line)) return;  // a comment may say where a host words a thing
      for (const [, text] of line.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
        if (/(?<![\w-])--[a-z]|\bthe page\b|page's|\bthe CLI\b|CLI's|\bmechid [a-z]+ --/.test(text)) found.push(`${path.slice(src.length)}:${i + 1}: ${text}`);
      }
    });
  }
  assert.deepEqual(found, []);
});

test('the work guard names maxWork in the API and --max-work in the CLI, each host its own word', async () => {
  const sim = mechid.simulate(mechid.preset('3dof'), { h: 0.05, n: 400, input: 'prbs', seed: 1 });
  const data = { h: 0.05, u: sim.u, y: sim.q, inputSampling: 'hold' };
  assert.throws(() => mechid.identify('equation-error', data, { maxWork: 1000 }), (e) => {
    assert.equal(e.option, 'work');
    assert.match(e.message, /raise maxWork \(a number of floating-point operations, or inf\)/);
    assert.doesNotMatch(e.message, /--/);
    return true;
  });
  const csv = join(dir, 'w.csv');
  assert.equal((await cli('simulate', '--system', '3dof', '--h', '0.05', '--n', '400', '--snr', '30', '--seed', '1', '--out', csv)).code, 0);
  const r = await cli('identify', '--data', csv, '--method', 'equation-error', '--input-sampling', 'hold', '--max-work', '1000');
  assert.equal(r.code, 1);
  assert.match(r.stderr, /raise --max-work \(a number of floating-point operations, or inf\)/);
  assert.doesNotMatch(r.stderr, /maxWork/);
});

test('held forces declared sampled: advice correlated_residuals offers input sampling hold, the CLI prints --input-sampling hold', async () => {
  // PRBS held over 3-sample bits at h = 0.4 (3 DOF, SNR 40), declared point samples: not
  // band-limited, so the free run takes them linear between samples (FOH), which steps are not.
  const csv = join(dir, 'held.csv');
  assert.equal((await cli('simulate', '--system', '3dof', '--h', '0.4', '--n', '3000', '--input', 'prbs', '--hold', '3', '--snr', '40', '--seed', '1', '--out', csv)).code, 0);
  const r = await cli('identify', '--data', csv, '--method', 'auto', '--input-sampling', 'point');
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  const a = out.advice.find((x) => x.code === 'correlated_residuals');
  assert.ok(a, JSON.stringify(out.advice));
  assert.equal(a.level, 'warning');
  assert.deepEqual(a.options, { 'input-sampling': 'hold' });
  assert.doesNotMatch(`${a.message} ${a.detail} ${a.action}`, /--|the page|page's|CLI/);
  assert.ok(out.warnings.some((w) => w.startsWith(a.message)), 'a warning advice is also a warning line');
  const line = r.stderr.split('\n').find((l) => l.startsWith('mechid: what to do (correlated_residuals)'));
  assert.ok(line?.endsWith('(--input-sampling hold)'), r.stderr);
  // The same data said held: ok, no such advice (the residuals pass).
  const held = JSON.parse((await cli('identify', '--data', csv, '--method', 'auto', '--input-sampling', 'hold')).stdout);
  assert.equal(held.status, 'ok', held.warnings.join('\n'));
  assert.ok(!held.advice.some((x) => x.code === 'correlated_residuals'), JSON.stringify(held.advice));
});

// The eigenvalue of record 8 of each dataset 55 of a universal file (complex eigenvalue analysis).
const eigenvaluesOf = (text) => parseUff(text, 'modes.uff').records.filter((r) => r.dataset === 55).map((r) => r.reals.slice(0, 2));
// 6E13.5 written with the width's digits: 7 significant digits.
const samePole = (got, pole, what) => {
  const scale = Math.hypot(...pole);
  got.forEach((x, k) => assert.ok(Math.abs(x - pole[k]) <= 1e-6 * scale, `${what}: ${got} against the core's ${pole}`));
};

test('UFF 55 of modes: each eigenvalue is the core\'s pole (the writer computes none)', async () => {
  const csv = join(dir, 'random.csv');
  assert.equal((await cli('simulate', '--system', '3dof', '--h', '0.1', '--n', '6000', '--input', 'prbs', '--snr', '40', '--seed', '4', '--out', csv)).code, 0);
  const uff = join(dir, 'modes.uff');
  const r = await cli('modes', '--data', csv, '--band', '0.05:1', '--uff', uff);
  assert.equal(r.code, 0, r.stderr);
  const modes = JSON.parse(r.stdout).modes;
  assert.ok(modes.length >= 2, JSON.stringify(modes.map((m) => m.freq_hz)));
  const eigenvalues = eigenvaluesOf(readFileSync(uff, 'utf8'));
  assert.equal(eigenvalues.length, modes.length);
  modes.forEach((m, j) => samePole(eigenvalues[j], m.pole, `mode ${j + 1}`));
  // A pole that is not −ζω + iω√(1 − ζ²) of the mode's numbers is still the one written.
  samePole(eigenvaluesOf(writeUff55([{ freq_hz: 1, zeta: 0.5, pole: [-3, 7], shape: [[1, 0]] }], { complex: true }))[0], [-3, 7], 'a given pole');
  assert.throws(() => writeUff55([{ freq_hz: 1, zeta: 0.01, shape: [[1, 0]] }], { complex: true }), /mode 1 has no pole/);
});

test('UFF 55 of oma: each eigenvalue is the core\'s pole, the pole of the mode\'s frequency and damping', () => {
  const result = mechid.oma({ h: frameH, y: ambientAccelerations(mechid, 12001, 7) }, { bandLoHz: 0.5, bandHiHz: 7 });
  assert.notEqual(result.status, 'failed', result.message);
  assert.ok(result.modes.length >= 3, JSON.stringify(result.modes.map((m) => m.freq_hz)));
  // As the page's export (web/views/oma.js): the complex shapes and the core's pole.
  const text = writeUff55(result.modes.map((m) => ({ freq_hz: m.freq_hz, zeta: m.zeta, pole: m.pole, shape: m.complex_shape })), { complex: true });
  const eigenvalues = eigenvaluesOf(text);
  result.modes.forEach((m, j) => {
    samePole(eigenvalues[j], m.pole, `oma mode ${j + 1}`);
    // The pole is the mode's own frequency and damping ratio: |λ|/2π and −Re λ/|λ|.
    const magnitude = Math.hypot(...m.pole);
    assert.ok(Math.abs(magnitude / (2 * Math.PI) / m.freq_hz - 1) < 1e-12, `oma mode ${j + 1}: |λ|/2π ${magnitude / (2 * Math.PI)} against ${m.freq_hz}`);
    assert.ok(Math.abs(-m.pole[0] / magnitude - m.zeta) < 1e-12, `oma mode ${j + 1}: ζ`);
  });
});

test('inputSampling: the Dataset and the EKF name its values from one table, with one message', () => {
  const schema = mechid.optionSchema();
  assert.deepEqual(schema.dataset.inputSampling.choices, ['auto', 'point', 'hold']);
  const ekf = Object.values(schema).find((group) => group.inputSampling && group !== schema.dataset && group.thetaInit);
  assert.deepEqual(ekf.inputSampling.choices, ['point', 'hold']);
  const sim = mechid.simulate(mechid.preset('3dof'), { h: 0.05, n: 200, input: 'prbs', seed: 1 });
  assert.throws(() => mechid.identify('equation-error', { h: 0.05, u: sim.u, y: sim.q, inputSampling: 'zoh' }),
    (e) => e.option === 'inputSampling' && e.message === "input sampling must be 'auto', 'point' or 'hold', got 'zoh'");
  assert.throws(() => mechid.ekfBeltDrive({ h: 0.05, u: sim.u, y: sim.q }, { inputSampling: 'zoh' }),
    (e) => e.option === 'inputSampling' && e.message === "input sampling must be 'point' or 'hold', got 'zoh'");
});
