// mechid hammer (issue 54) on a simulated tap train written as CSV: a single-DOF system (1 kg,
// 25 Hz, ζ = 0.01) at 2 kHz hit ten times by half-sine pulses of 5 ms, hit 4 a double hit and hit 7
// clipped on the force channel; the two rejected with their reasons, the mode within 1 % and its
// damping, corrected for the exponential window, within 10 % of the simulated truth.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, mechid } from './helpers.mjs';
import { stereoWav16 } from '../fixtures/wav16.mjs';
import { TAP_TRAIN, tapSignals as tapSignalsOf, writeTapTrainCsv } from '../fixtures/tap-train.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-hammer-'));
const { h, fn, zeta, N } = TAP_TRAIN;
const w = 2 * Math.PI * fn;
const tapSignals = () => tapSignalsOf(mechid);
const taps = writeTapTrainCsv(mechid, join(dir, 'taps.csv'), 'force');

test('mechid hammer: the double hit and the clipped hit rejected with their reasons, the mode within 1 %, ζ corrected within 10 %', async () => {
  const out = join(dir, 'hammer.json');
  const r = await cli('hammer', '--data', taps, '--force', 'force', '--band', '10:50', '--max-order', '16', '--out', out);
  assert.equal(r.code, 0, r.stderr);
  const result = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(result.hits.length, 10);
  const reasons = result.hits.map((hit) => hit.reason);
  assert.deepEqual(reasons, [null, null, null, 'double-hit', null, null, 'overload', null, null, null]);
  assert.deepEqual(result.hits.map((hit) => hit.accepted), reasons.map((reason) => reason === null));
  // The second pulse 30 ms after the trigger of hit 4; hit 7 clipped on the force channel.
  assert.ok(Math.abs(result.hits[3].reason_time_s - result.hits[3].time_s - 0.03) <= 0.0015, `${result.hits[3].reason_time_s}`);
  assert.equal(result.hits[6].reason_channel, 0);
  assert.equal(result.averages, 8);
  assert.match(r.stderr, /mechid: warning: hammer: 2 of 10 hits rejected/);
  assert.equal(result.modes.length, 1);
  const [mode] = result.modes;
  assert.ok(Math.abs(mode.freq_hz - fn) <= 0.01 * fn, `f = ${mode.freq_hz}`);
  assert.ok(Math.abs(mode.zeta - zeta) <= 0.1 * zeta, `ζ = ${mode.zeta}`);
  // The window's decay rate ln 100 / T (T: the hits' length, about 2 s), uncorrected ζ about 0.0247.
  assert.equal(result.damping_corrected, true);
  assert.ok(Math.abs(result.window_decay_rate - Math.log(100) / (result.length * h)) < 1e-9);
  assert.ok(mode.zeta_windowed > 2 * zeta, `ζ_w = ${mode.zeta_windowed}`);
  assert.ok(Math.abs(mode.damping_correction - result.window_decay_rate / w) <= 0.02 * result.window_decay_rate / w);
  assert.equal(result.channels.outputs[0].name, 'a1');
});

test('mechid hammer: --reject names a hit the record lacks in one line', async () => {
  const r = await cli('hammer', '--data', taps, '--force', 'force', '--reject', '11');
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^mechid: error: .*reject.*11.*10 hits/);
});

test('mechid hammer on a 16-bit WAV of the train (the force channel\'s full scale 150 N): the same hits rejected, the same mode', async () => {
  // Two channels at 2 kHz: the force at 32768 counts per 150 N (hit 7 held at full scale), the
  // acceleration at 0.9 of full scale; quantized to whole counts.
  const { force, a } = tapSignals();
  const amax = a.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const bytes = stereoWav16(1 / h, force.map((x) => x / 150), a.map((x) => (x / amax) * 0.9));
  const wav = join(dir, 'taps.wav');
  writeFileSync(wav, bytes);
  const out = join(dir, 'hammer-wav.json');
  const r = await cli('hammer', '--data', wav, '--force', 'channel 1', '--response', 'channel 2', '--kind', 'acceleration', '--band', '10:50',
    '--max-order', '16', '--out', out);
  assert.equal(r.code, 0, r.stderr);
  const result = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual(result.hits.map((hit) => hit.reason), [null, null, null, 'double-hit', null, null, 'overload', null, null, null]);
  assert.equal(result.modes.length, 1);
  assert.ok(Math.abs(result.modes[0].freq_hz - fn) <= 0.01 * fn, `f = ${result.modes[0].freq_hz}`);
  assert.ok(Math.abs(result.modes[0].zeta - zeta) <= 0.1 * zeta, `ζ = ${result.modes[0].zeta}`);
});
