// MATLAB files read into a Recording (issue 49): MAT v5 (wasm/mat.js: uncompressed, compressed,
// big-endian, every numeric class, complex, structs one level deep) and v7.3 (wasm/mat73.js, HDF5
// through h5wasm), against the values printed by the independent writers of the fixtures (GNU
// Octave's values.txt, SciPy's expectations for files MATLAB wrote, the CSV a record was saved
// from); and every kind of bad file refused in one line naming the file and the variable.
// Fixtures and how they were made: tests/fixtures/formats/mat/README.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { constants as zlibConstants, deflateSync, inflateSync } from 'node:zlib';
import * as pako from 'pako';
import { looksLikeMat5, parseMatVariables, readMat, readMatBlob } from '../../wasm/mat.js';
import { zlibInflater } from '../../wasm/zlib-inflate.js';
import { looksLikeMat73, readMat73 } from '../../wasm/mat73.js';

const dir = new URL('../fixtures/formats/mat/', import.meta.url);
const bytesOf = (name) => new Uint8Array(readFileSync(new URL(name, dir)));
const read = (name, bytes = bytesOf(name)) => (looksLikeMat5(bytes) ? readMat : readMat73)(bytes, name.split('/').pop());

// Octave's printed values: "file name class [r c] v1 v2 …" or "… complex re: … im: …".
const octave = new Map();
for (const line of readFileSync(new URL('values.txt', dir), 'utf8').trim().split('\n')) {
  const [file, name, cls] = line.split(' ');
  const dims = line.split('[')[1].split(']')[0].split(' ').map(Number);
  const rest = line.split(']')[1].trim().split(/\s+/);
  const entry = rest[0] === 'complex'
    ? { cls, dims, re: rest.slice(2, rest.indexOf('im:')).map(Number), im: rest.slice(rest.indexOf('im:') + 1).map(Number) }
    : { cls, dims, re: rest.map(Number) };
  octave.set(`${file} ${name}`, entry);
}
const channel = (rec, name) => {
  const c = rec.channels.find((ch) => ch.name === name);
  assert.ok(c, `channel ${name} in ${rec.channels.map((ch) => ch.name)}`);
  return c;
};
// Row k (0-based) of a column-major r×c matrix.
const row = (values, [rows, cols], k) => Array.from({ length: cols }, (_, j) => values[k + j * rows]);

async function rejects(promise, pattern) {
  await assert.rejects(promise, (e) => {
    assert.equal(e.name, 'MechidError', e.stack);
    assert.equal(e.code, 'bad-input');
    assert.ok(!e.message.includes('\n'), 'one line');
    assert.match(e.message, pattern);
    return true;
  });
}

for (const file of ['mixed_v6.mat', 'mixed_v7.mat', 'mixed_mat7binary.mat', 'mixed_v73.mat']) {
  test(`${file}: channels, parameters and notes equal Octave's values`, async () => {
    const rec = await read(file);
    assert.equal(rec.format, 'mat');
    assert.equal(rec.variant, file.includes('v73') ? 'v7.3' : 'v5');
    const t = channel(rec, 't');
    assert.equal(t.quantity, 'time');
    assert.deepEqual([...t.values], octave.get('mixed t').re);
    assert.deepEqual([...channel(rec, 'x').values], octave.get('mixed x').re);
    const A = octave.get('mixed A');  // int16 3×20: a channel per row
    for (const k of [0, 1, 2]) assert.deepEqual([...channel(rec, `A(${k + 1})`).values], row(A.re, A.dims, k));
    assert.deepEqual([...channel(rec, 's').values], octave.get('mixed s').re);  // single: exact in a double
    const z = channel(rec, 'z');
    assert.deepEqual([...z.values], octave.get('mixed z').re);
    assert.deepEqual([...z.imag], octave.get('mixed z').im);
    assert.deepEqual([...channel(rec, 'st.a').values], octave.get('mixed st.a').re);
    assert.deepEqual(rec.parameters, { Fs: 100, 'st.b': 7 });
    assert.equal(rec.channels.length, 8);
    // Fs gives every channel but the time axis h = 1/Fs, and says so.
    for (const c of rec.channels) assert.equal(c.h, c.name === 't' ? undefined : 0.01, c.name);
    assert.ok(rec.notes.some((n) => /h = 1\/Fs = 0\.01 s/.test(n)), rec.notes.join(' / '));
    assert.ok(rec.notes.some((n) => /label.*"ECP test 1"/.test(n)), rec.notes.join(' / '));
    if (!file.includes('v73')) assert.ok(rec.notes.some((n) => /variable c is a cell array/.test(n)), rec.notes.join(' / '));
  });
}

for (const file of ['classes_v6.mat', 'classes_v7.mat']) {
  test(`${file}: every numeric class (int8..uint64, logical, single, double) at its extremes`, async () => {
    const rec = await read(file);
    for (const name of ['i8', 'u8', 'i16', 'u16', 'i32', 'u32', 'i64', 'u64', 'lg', 'sg', 'dbl']) {
      assert.deepEqual([...channel(rec, name).values], octave.get(`classes ${name}`).re, name);
    }
  });
}

test('a matrix N×2 gives a channel per column; dt gives h; sparse and 3-D arrays are notes', async () => {
  const rec = await read('columns_v7.mat');
  const P = octave.get('columns P');
  assert.deepEqual([...channel(rec, 'P(1)').values], P.re.slice(0, 6));
  assert.deepEqual([...channel(rec, 'P(2)').values], P.re.slice(6));
  assert.equal(channel(rec, 'P(1)').h, 0.5);
  const sparse = await read('sparse_v6.mat');
  assert.deepEqual(sparse.channels.map((c) => c.name), ['y']);
  assert.ok(sparse.notes.some((n) => /variable S is a sparse matrix: not read/.test(n)));
  assert.ok(sparse.notes.some((n) => /variable V has 3 dimensions \(2×3×4\)/.test(n)));
});

// Files MATLAB wrote (SciPy's test data; expected values from SciPy's test_mio.py).
const theta = Array.from({ length: 9 }, (_, k) => (Math.PI / 4) * k);
test('MATLAB 6.1 on Solaris (big-endian): double, complex, matrix and struct', async () => {
  const close = (a, b) => a.forEach((x, i) => assert.ok(Math.abs(x - b[i]) < 1e-15, `${x} vs ${b[i]}`));
  const d = await read('matlab/testdouble_6.1_SOL2.mat');
  assert.equal(parseMatVariables(bytesOf('matlab/testdouble_6.1_SOL2.mat'), 'x').le, false);
  close([...channel(d, 'testdouble').values], theta);
  for (const file of ['matlab/testcomplex_6.1_SOL2.mat', 'matlab/testcomplex_7.4_GLNX86.mat']) {
    const c = channel(await read(file), 'testcomplex');
    close([...c.values], theta.map(Math.cos));
    close([...c.imag], theta.map(Math.sin));
  }
  const m = await read('matlab/testmatrix_6.1_SOL2.mat');  // 3×5: rows [1..5], [2 0 0 0 0], [3 0 0 0 0]
  assert.deepEqual([...channel(m, 'testmatrix(1)').values], [1, 2, 3, 4, 5]);
  assert.deepEqual([...channel(m, 'testmatrix(3)').values], [3, 0, 0, 0, 0]);
  const s = await read('matlab/teststruct_6.1_SOL2.mat');
  close([...channel(s, 'teststruct.doublefield').values], [Math.SQRT2, Math.E, Math.PI]);
  close([...channel(s, 'teststruct.complexfield').imag], [Math.SQRT2, Math.E, Math.PI]);
  assert.ok(s.notes.some((n) => /teststruct\.stringfield is text "Rats live on no evil star\."/.test(n)));
  const be = await read('matlab/big_endian.mat');  // compressed and big-endian: single [[2 3] [3 4]]
  assert.deepEqual([...channel(be, 'floats(1)').values], [2, 3]);
  assert.deepEqual([...channel(be, 'floats(2)').values], [3, 4]);
  assert.deepEqual([...channel(await read('matlab/testbool_8_WIN64.mat'), 'testbools').values], [1, 0]);
});

test('MATLAB 7.4 -v7.3 (HDF5, "MATLAB 7.0 MAT-file ... HDF5 schema 0.05"): testdouble', async () => {
  const bytes = bytesOf('matlab/testhdf5_7.4_GLNX86.mat');
  assert.ok(looksLikeMat73(bytes) && !looksLikeMat5(bytes));
  const rec = await readMat73(bytes, 'testhdf5.mat');
  assert.equal(rec.variant, 'v7.3');
  assert.deepEqual([...channel(rec, 'testdouble').values], theta);
});

test('a record saved as v6, v7 and v7.3 reads into the CSV\'s samples, bit for bit', async () => {
  const lines = readFileSync(new URL('chain2.csv', dir), 'utf8').trim().split('\n');
  const names = lines[0].split(',');
  const columns = names.map((_, j) => lines.slice(1).map((l) => Number(l.split(',')[j])));
  for (const file of ['chain2_v6.mat', 'chain2_v7.mat', 'chain2_v73.mat']) {
    const rec = await read(file);
    assert.deepEqual(rec.channels.map((c) => c.name).sort(), [...names].sort(), file);
    names.forEach((n, j) => assert.deepEqual([...channel(rec, n).values], columns[j], `${file} ${n}`));
    assert.equal(channel(rec, 't').quantity, 'time');
  }
});

test('bad MAT v5 files: one line naming the file and what is wrong, never a crash', async () => {
  await rejects(read('nan_v6.mat'), /^nan_v6\.mat: variable w sample 3 is NaN/);
  await rejects(read('textonly_v6.mat'), /^textonly_v6\.mat: no variable .* is a vector or matrix of numbers \(variable note is text "nothing to read"/);
  // Damaged deflate data: here it inflates past the size its element's tag declares.
  await rejects(read('matlab/corrupted_zlib_data.mat'), /^corrupted_zlib_data\.mat: variable 3 inflates to more than 26840 bytes, the size its tag declares/);
  await rejects(read('matlab/corrupted_zlib_checksum.mat'), /^corrupted_zlib_checksum\.mat: variable 1: the compressed data does not inflate/);
  const good = bytesOf('mixed_v6.mat');
  const endian = good.slice();
  endian[126] = 0x41;
  await rejects(readMat(endian, 'e.mat'), /^e\.mat: the MAT header's endian indicator is "AM"/);
  const big = good.slice();
  new DataView(big.buffer).setUint32(132, 0x7fffffff, true);  // first variable's byte count
  await rejects(readMat(big, 'big.mat'), /^big\.mat: variable 1 \(byte 128\): declares 2147483647 bytes where \d+ remain/);
  await rejects(readMat(good.subarray(0, 100), 'short.mat'), /^short\.mat: a MAT file starts with a 128-byte header and this file has 100 bytes/);
  // A zlib bomb stops at the limit; a stream that is cut does not inflate.
  const bomb = deflateSync(new Uint8Array(1 << 20));
  const throwsLine = (fn, line) => assert.throws(fn, (e) => e.code === 'bad-input' && line.test(e.message));
  const inflate = (bytes, source, where, options) => {
    const inflater = zlibInflater(pako, source, where, { limit: 1 << 30, ...options });
    inflater.push(bytes);
    return inflater.finish();
  };
  throwsLine(() => inflate(bomb, 'bomb.mat', 'variable 1', { limit: 1000 }), /^bomb\.mat: variable 1 inflates to more than 1000 bytes: not read/);
  // More than the element's tag declares (the buffer is sized by the tag), or exactly that.
  throwsLine(() => inflate(bomb, 'tag.mat', 'variable 1', { sizeOf: () => 100_000 }), /^tag\.mat: variable 1 inflates to more than 100000 bytes, the size its tag declares/);
  assert.deepEqual(inflate(bomb, 'tag.mat', 'variable 1', { sizeOf: () => 1 << 20 }), new Uint8Array(1 << 20));
  assert.deepEqual(inflate(bomb, 'grown.mat', 'variable 1'), new Uint8Array(1 << 20));
  // A cut stream: what it inflated as Node's zlib inflates it up to the cut.
  const cut = bomb.subarray(0, 20);
  const before = inflateSync(cut, { finishFlush: zlibConstants.Z_SYNC_FLUSH }).length;
  throwsLine(() => inflate(cut, 'cut.mat', 'variable 2'), new RegExp(`^cut\\.mat: variable 2: the compressed data does not inflate \\(the stream stops after ${before} inflated bytes, before its end\\)`));
  // Every cut of a stream of a literal and long copies, pushed whole and a byte at a time (the
  // Blob path's pieces), into an 8-byte first buffer (as for a MAT element's tag): the bytes Node's
  // zlib inflates up to the cut, whatever the pieces (zlib's output held back for want of room is drained).
  const copies = deflateSync(Buffer.alloc(600, 65));
  for (let at = 2; at < copies.length - 4; at++) {
    const part = copies.subarray(0, at);
    const told = inflateSync(part, { finishFlush: zlibConstants.Z_SYNC_FLUSH }).length;
    const line = new RegExp(`^cut\\.mat: variable 2: the compressed data does not inflate \\(the stream stops after ${told} inflated bytes, before its end\\)`);
    for (const pieces of [[part], [...part].map((b) => Uint8Array.of(b))]) {
      throwsLine(() => {
        const inflater = zlibInflater(pako, 'cut.mat', 'variable 2', { limit: 1 << 30, sizeOf: () => 1 << 20 });
        for (const piece of pieces) inflater.push(piece);
        inflater.finish();
      }, line);
    }
  }
  throwsLine(() => inflate(Buffer.concat([bomb, Buffer.of(0, 0)]), 'junk.mat', 'variable 3'), /^junk\.mat: variable 3: the compressed data does not inflate \(2 bytes follow the end of its stream\)/);
  const checksum = Buffer.from(bomb);
  checksum[checksum.length - 1] ^= 1;
  throwsLine(() => inflate(checksum, 'sum.mat', 'variable 4'), /^sum\.mat: variable 4: the compressed data does not inflate \(incorrect data check\)/);
  // A compressed variable's tag is checked before the rest is inflated: not a matrix's, or a
  // size beyond the limit or beyond what its compressed bytes can hold (deflate: at most 1032-fold).
  const v7 = (inflated) => {
    const z = deflateSync(inflated), tag = Buffer.alloc(8);
    tag.writeUInt32LE(15, 0);
    tag.writeUInt32LE(z.length, 4);
    return new Uint8Array(Buffer.concat([good.subarray(0, 128), tag, z]));
  };
  const tagged = (type, n, rest = 0) => {
    const b = Buffer.alloc(8 + rest);
    b.writeUInt32LE(type, 0);
    b.writeUInt32LE(n, 4);
    return b;
  };
  await rejects(readMat(v7(Buffer.alloc(1 << 22)), 'zeros.mat'), /^zeros\.mat: variable 1: the inflated data is of type 0 where a matrix \(14\) is needed/);
  await rejects(readMat(v7(tagged(14, 0xfffffff0, 1)), 'huge.mat'), /^huge\.mat: variable 1: its tag declares 4294967288 bytes inflated: more than 1073741824, not read/);
  const claim = v7(tagged(14, (1 << 30) - 16, 1));
  await rejects(readMat(claim, 'claim.mat'), new RegExp(`^claim\\.mat: variable 1: its tag declares ${(1 << 30) - 8} bytes inflated, more than its ${claim.length - 136} compressed bytes can hold`));
  // The tag is refused before a fault that follows it (here a wrong checksum right after its 8
  // bytes), from the bytes and from a Blob read in pieces of any size: zlib decodes on past a full
  // buffer, so the order must not depend on where the pieces end.
  const sum = v7(tagged(14, 0xfffffff0));
  sum[sum.length - 1] ^= 1;
  const first = /^sum\.mat: variable 1: its tag declares 4294967288 bytes inflated: more than 1073741824, not read/;
  await rejects(readMat(sum, 'sum.mat'), first);
  for (const partBytes of [1, 2, 3, 5, 8, 13]) await rejects(readMatBlob(new Blob([sum]), 'sum.mat', { partBytes }), first);
  // A stream that needs a preset dictionary (zlib's FDICT), which MAT files never give.
  const dict = Buffer.from('a dictionary');
  const withDictionary = deflateSync(tagged(14, 8, 8), { dictionary: dict });
  throwsLine(() => inflate(withDictionary, 'dict.mat', 'variable 1'), /^dict\.mat: variable 1: the compressed data does not inflate \(it needs a preset dictionary, which a MAT file does not give\)/);
  // Every truncation of the uncompressed and the compressed file: a reading or one bad-input line.
  for (const file of ['mixed_v6.mat', 'mixed_v7.mat']) {
    const bytes = bytesOf(file);
    for (let cut = 0; cut < bytes.length; cut += 7) {
      try {
        await readMat(bytes.subarray(0, cut), 'cut.mat');
      } catch (e) {
        assert.equal(e.code, 'bad-input', `${file} cut at ${cut}: ${e.stack}`);
        assert.match(e.message, /^cut\.mat: /);
      }
    }
  }
});

test('the synchronous parser reads what readMat reads', () => {
  const { variables } = parseMatVariables(bytesOf('mixed_v7.mat'), 'mixed_v7.mat', { zlib: pako });
  assert.deepEqual([...variables.find((v) => v.name === 'x').re], octave.get('mixed x').re);
});

test('bad MAT v7.3 files: an HDF5 file not MATLAB\'s, no MATLAB_class, truncated', async () => {
  const v73 = bytesOf('mixed_v73.mat');
  await rejects(readMat73(v73.subarray(512), 'plain.h5'), /^plain\.h5: not a MATLAB v7\.3 MAT file \(an HDF5 file without MATLAB's 512-byte header/);
  await rejects(readMat73(bytesOf('noclass_v73.mat'), 'noclass.mat'), /^noclass\.mat: an HDF5 file whose variables have no MATLAB_class attribute: not a MATLAB v7\.3 MAT file/);
  await rejects(readMat73(bytesOf('mixed_v6.mat'), 'v6.mat'), /^v6\.mat: not a MATLAB v7\.3 MAT file \(neither/);
  for (const cut of [600, 1500, 3000, 5000, 7000]) {
    await rejects(readMat73(v73.subarray(0, cut), 'cut.mat'), /^cut\.mat: HDF5 cannot open this MATLAB v7\.3 file \(truncated file: eof = \d+/);
  }
});

test('identify: a record from its MAT v6, v7 and v7.3 files gives the CSV\'s result (API and CLI)', async () => {
  const { identifyRecords, readRecord } = await import('../../wasm/record.js');
  const { mechid } = await import('./helpers.mjs');
  const Papa = (await import('papaparse')).default;
  const identify = async (file) => {
    const record = await readRecord(bytesOf(file), file, {}, { Papa });
    const { timing_ms: _, ...result } = identifyRecords(mechid, 'auto', [record]);
    return result;
  };
  const csv = await identify('chain2.csv');
  assert.ok(csv.M.rows === 2 && csv.status !== 'failed');
  for (const file of ['chain2_v6.mat', 'chain2_v7.mat', 'chain2_v73.mat']) assert.deepEqual(await identify(file), csv, file);
  // The CLI on the v7.3 file (h5wasm in Node): the same M, D, K.
  const { spawnSync } = await import('node:child_process');
  const cli = new URL('../../bin/mechid.js', import.meta.url).pathname;
  const run = spawnSync(process.execPath, [cli, 'identify', '--data', new URL('chain2_v73.mat', dir).pathname, '--method', 'auto'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const r = JSON.parse(run.stdout);
  for (const key of ['M', 'D', 'K']) assert.deepEqual(r[key].flat(), [...csv[key].data], key);
});

test('mechid modes: an F-16-shaped MAT file (Force 1×N, Acceleration 3×N, Fs, no time) gives the CSV\'s modes', async () => {
  const { spawnSync } = await import('node:child_process');
  const cli = new URL('../../bin/mechid.js', import.meta.url).pathname;
  const modes = (file, ...extra) => {
    const run = spawnSync(process.execPath, [cli, 'modes', '--data', new URL(file, dir).pathname, '--band', '0.3:4', ...extra], { encoding: 'utf8' });
    assert.equal(run.status, 0, `${file}: ${run.stderr}`);
    return JSON.parse(run.stdout);
  };
  const csv = modes('f16like.csv', '--output-cols', 'a1,a2,a3');
  const mat = modes('f16like_v7.mat');  // Force: the input (quantity force); Acceleration(1..3): the outputs; h = 1/Fs
  assert.equal(csv.modes.length, 2);  // the chain's modes at 1.98 and 2.87 Hz (f16like-system.json)
  assert.equal(mat.modes.length, csv.modes.length);
  // The CSV's h is fitted to its time column, the MAT's is 1/Fs: equal to rounding.
  const close = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-9 * Math.abs(b), `${what}: ${a} vs ${b}`);
  csv.modes.forEach((m, i) => {
    close(mat.modes[i].freq_hz, m.freq_hz, `mode ${i + 1} frequency`);
    close(mat.modes[i].zeta, m.zeta, `mode ${i + 1} damping`);
  });
});

test('a struct of 200,000 fields: read without a stack overflow, its notes bounded', async () => {
  // A 1×1 struct "s" whose fields are empty doubles (8-byte elements), written by hand per the
  // format: no tool writes such a file, and a spread of 200,000 results overflowed the stack.
  const F = 200_000;
  const u32 = (...xs) => { const b = new Uint8Array(4 * xs.length); xs.forEach((x, i) => new DataView(b.buffer).setUint32(4 * i, x, true)); return b; };
  const fields = new Uint8Array(8 * F);
  for (let i = 0; i < F; i++) new DataView(fields.buffer).setUint32(8 * i, 14, true);
  const body = [u32(6, 8, 2, 0), u32(5, 8, 1, 1), u32(0x00010001), Uint8Array.of(0x73, 0, 0, 0), u32(0x00040005, 1), u32(1, F),
    new Uint8Array(F).fill(0x61), fields];
  const n = body.reduce((a, b) => a + b.length, 0);
  const head = bytesOf('mixed_v6.mat').subarray(0, 128);
  const bytes = new Uint8Array(136 + n);
  bytes.set(head);
  bytes.set(u32(14, n), 128);
  let at = 136;
  for (const b of body) { bytes.set(b, at); at += b.length; }
  await rejects(readMat(bytes, 'many.mat'), /^many\.mat: no variable of this MATLAB file is a vector or matrix of numbers \(variable s\.a is empty/);
  const { matRecording } = await import('../../wasm/mat-channels.js');
  const texts = Array.from({ length: 100 }, (_, i) => ({ name: `c${i}`, kind: 'char', dims: [1, 1], text: 'x' }));
  const rec = matRecording([...texts, { name: 'y', kind: 'numeric', dims: [1, 3], re: Float64Array.of(1, 2, 3) }], { source: 'n.mat', variant: 'v5' });
  assert.equal(rec.notes.length, 51);
  assert.equal(rec.notes.at(-1), 'and 50 more notes like these');
});
