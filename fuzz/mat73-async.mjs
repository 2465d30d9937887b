#!/usr/bin/env node
// `node fuzz/mat73-async.mjs [CASES=10000] [SEED=1]`: mutated MAT v7.3 files through wasm/mat73.js.
// Not a target of fuzz/run.mjs, whose worker runs each case synchronously: this reader is async
// (h5wasm loads and reads through promises). The MAT header is kept and the HDF5 part after byte
// 512 mutated with the mat target's operators (fuzz/mat-mutations.mjs); every case must end in a
// Recording of finite samples or one bad-input line; anything else is printed and counted as a crash.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { readMat73 } from '../wasm/mat73.js';
import { OPERATORS, mutateMat } from './mat-mutations.mjs';

const dir = new URL('../tests/fixtures/formats/mat/', import.meta.url);
const bases = ['mixed_v73.mat', 'chain2_v73.mat', 'noclass_v73.mat', 'matlab/testhdf5_7.4_GLNX86.mat']
  .map((f) => new Uint8Array(readFileSync(new URL(f, dir))));
const arbitrary = fc.record({
  base: fc.nat({ max: bases.length - 1 }),
  mutations: fc.array(fc.record({ op: fc.nat({ max: OPERATORS - 1 }), a: fc.nat(), b: fc.nat() }), { minLength: 1, maxLength: 3 }),
});

const cases = Number(process.argv[2] ?? 10_000), seed = Number(process.argv[3] ?? 1);
const kinds = {};
let slowest = { ms: 0, seed: null };
const began = Date.now();
for (let i = 0; i < cases; i++) {
  const c = fc.sample(arbitrary, { seed: seed + i, numRuns: 1 })[0];
  const base = bases[c.base];
  const tail = mutateMat(base.subarray(512), c.mutations);
  const bytes = new Uint8Array(512 + tail.length);
  bytes.set(base.subarray(0, 512));
  bytes.set(tail, 512);
  const start = performance.now();
  let kind;
  try {
    const r = await readMat73(bytes, 'fuzz.mat');
    kind = r.channels.every((ch) => ch.values.every(Number.isFinite) && (!ch.imag || ch.imag.every(Number.isFinite))) ? 'ok' : 'non-finite';
  } catch (e) {
    kind = e?.code === 'bad-input' && !e.message.includes('\n') ? 'bad-input' : 'crash';
    if (kind === 'crash') console.log(`crash at seed ${seed + i}: ${e?.stack ?? e}`);
  }
  const ms = performance.now() - start;
  if (ms > slowest.ms) slowest = { ms, seed: seed + i };
  kinds[kind] = (kinds[kind] ?? 0) + 1;
}
console.log(JSON.stringify({ cases, seed, seconds: (Date.now() - began) / 1000, kinds, slowest }));
process.exitCode = (kinds.crash ?? 0) + (kinds['non-finite'] ?? 0) > 0 ? 1 : 0;
