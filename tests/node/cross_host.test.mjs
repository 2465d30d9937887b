// The same seed gives the same numbers natively and in WASM: the native reference tool
// (tests/cpp/tools/reference_dump.cpp, built by the native build) against the WASM module.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mechid, root } from './helpers.mjs';

const tool = `${root}build-native/mechid_reference`;

test('native and WASM agree: integer stream exactly, simulated outputs to 1e-12 relative', () => {
  assert.ok(existsSync(tool), `${tool} is missing: run npm run build:native first (npm test does)`);
  const reference = JSON.parse(execFileSync(tool, { encoding: 'utf8', maxBuffer: 64 << 20 }));

  const words = mechid.randomStream(reference.stream.seed, reference.stream.values.length);
  const wasm = Array.from({ length: words.length / 2 }, (_, i) => ((BigInt(words[2 * i]) << 32n) | BigInt(words[2 * i + 1])).toString());
  assert.deepEqual(wasm, reference.stream.values);

  for (const key of ['zoh', 'fine']) {
    const r = reference[key];
    const data = mechid.simulate(mechid.preset(r.system), { h: r.h, n: r.n, input: r.input, snr: r.snr, seed: r.seed });
    for (const name of ['u', 'q']) {
      const native = r[name].data;
      const scale = Math.max(...native.map(Math.abs));
      assert.equal(data[name].data.length, native.length);
      const worst = Math.max(...native.map((x, i) => Math.abs(x - data[name].data[i])));
      assert.ok(worst <= 1e-12 * scale, `${key} ${name}: worst difference ${worst} (scale ${scale})`);
    }
  }
});
