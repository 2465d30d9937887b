#!/usr/bin/env node
// `node fuzz/mat-async.mjs [CASES=10000] [SEED=1]`: mutated MAT files through the asynchronous
// readers: v7.3 (wasm/mat73.js, h5wasm) and compressed v7 (wasm/mat.js readMat). Not targets of
// fuzz/run.mjs, whose worker runs each case synchronously (the mat target covers the v5 parser
// with the same inflater, wasm/zlib-inflate.js). The header is kept (512 bytes of a v7.3 file, 128 of a v7 file) and the rest mutated
// with the mat target's operators (fuzz/mat-mutations.mjs); every case must end in a Recording
// of finite samples or one bad-input line; anything else is printed and counted as a crash.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { readMat } from '../wasm/mat.js';
import { readMat73 } from '../wasm/mat73.js';
import { OPERATORS, mutateMat } from './mat-mutations.mjs';

/** The bytes of `base` with its first `keep` bytes (the header) as they are and the rest mutated (mutateMat). */
export function mutateAfterHeader(base, keep, mutations) {
  const tail = mutateMat(base.subarray(keep), mutations);
  const bytes = new Uint8Array(keep + tail.length);
  bytes.set(base.subarray(0, keep));
  bytes.set(tail, keep);
  return bytes;
}

async function main() {
  const dir = new URL('../tests/fixtures/formats/mat/', import.meta.url);
  // [file, header bytes kept, reader]
  const bases = [['mixed_v73.mat', 512, readMat73], ['chain2_v73.mat', 512, readMat73], ['noclass_v73.mat', 512, readMat73],
    ['matlab/testhdf5_7.4_GLNX86.mat', 512, readMat73], ['mixed_v7.mat', 128, readMat], ['classes_v7.mat', 128, readMat],
    ['matlab/big_endian.mat', 128, readMat], ['matlab/testcomplex_7.4_GLNX86.mat', 128, readMat]]
    .map(([f, keep, read]) => ({ bytes: new Uint8Array(readFileSync(new URL(f, dir))), keep, read }));
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
    const { bytes: base, keep, read } = bases[c.base];
    const bytes = mutateAfterHeader(base, keep, c.mutations);
    const start = performance.now();
    let kind;
    try {
      const r = await read(bytes, 'fuzz.mat');
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
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
