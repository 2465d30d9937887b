// The animated PNG export of the 3-D mode shapes (issue 53; web/ui/apng.js, web/ui/crc32.js):
// the CRC-32 against its published check value and against every chunk of a PNG that Chromium
// wrote (docs/screenshots/identify.png); an APNG assembled from three PNG files made here with
// zlib, read back by a reader written here: chunk order (IHDR, acTL, fcTL, IDAT, fcTL, fdAT, …,
// IEND), sequence numbers 0, 1, 2, …, each chunk's CRC, and each frame's pixels inflated back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateSync, inflateSync } from 'node:zlib';
import { crc32 } from '../../web/ui/crc32.js';
import { assembleApng } from '../../web/ui/apng.js';

const bytes = (s) => Uint8Array.from(Buffer.from(s, 'latin1'));

// A PNG's chunks read with Buffer (independent of web/ui/apng.js): [{type, data, crc}].
function chunks(file) {
  const b = Buffer.from(file);
  assert.deepEqual([...b.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out = [];
  for (let at = 8; at < b.length;) {
    const length = b.readUInt32BE(at);
    out.push({ type: b.toString('latin1', at + 4, at + 8), data: b.subarray(at + 8, at + 8 + length), crc: b.readUInt32BE(at + 8 + length), raw: b.subarray(at + 4, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

// A w × h RGBA PNG of the rows `pixels` (w·4 bytes each, filter 0).
function png(w, h, pixels) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.concat(pixels.map((row) => Buffer.concat([Buffer.of(0), Buffer.from(row)])));
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]));
}

test('CRC-32: the check value of "123456789" and of an IEND chunk', () => {
  assert.equal(crc32(bytes('123456789')), 0xcbf43926);
  assert.equal(crc32(bytes('IEND')), 0xae426082);
  assert.equal(crc32(bytes('6789'), crc32(bytes('12345'))), 0xcbf43926, 'continued over two pieces');
});

test('CRC-32 equals the stored check value of every chunk of a PNG written by Chromium', () => {
  const list = chunks(readFileSync(new URL('../../docs/screenshots/identify.png', import.meta.url)));
  assert.ok(list.length >= 3);
  for (const c of list) assert.equal(crc32(c.raw), c.crc, c.type);
});

test('an APNG of three frames: acTL, fcTL/IDAT/fdAT in sequence, valid CRCs, each frame\'s pixels', () => {
  const frames = [0, 1, 2].map((k) => [[10 * k, 0, 0, 255, 0, 20 * k, 0, 255], [0, 0, 30 * k, 255, k, k, k, 255]]);
  const apng = assembleApng(frames.map((rows) => png(2, 2, rows)), { delay: { num: 1, den: 12 } });
  const list = chunks(apng);
  assert.deepEqual(list.map((c) => c.type), ['IHDR', 'acTL', 'fcTL', 'IDAT', 'fcTL', 'fdAT', 'fcTL', 'fdAT', 'IEND']);
  for (const c of list) assert.equal(crc32(c.raw), c.crc, c.type);
  assert.equal(list[1].data.readUInt32BE(0), 3, 'acTL: 3 frames');
  assert.equal(list[1].data.readUInt32BE(4), 0, 'acTL: played for ever');
  const sequence = list.filter((c) => c.type === 'fcTL' || c.type === 'fdAT').map((c) => c.data.readUInt32BE(0));
  assert.deepEqual(sequence, [0, 1, 2, 3, 4]);
  for (const c of list.filter((x) => x.type === 'fcTL')) {
    assert.equal(c.data.length, 26);
    assert.deepEqual([c.data.readUInt32BE(4), c.data.readUInt32BE(8), c.data.readUInt16BE(20), c.data.readUInt16BE(22)], [2, 2, 1, 12]);
  }
  const images = [list[3].data, list[5].data.subarray(4), list[7].data.subarray(4)].map((d) => [...inflateSync(d)]);
  frames.forEach((rows, k) => assert.deepEqual(images[k], rows.flatMap((r) => [0, ...r]), `frame ${k + 1}`));
});

test('frames of different sizes or a file that is no PNG: one message naming the frame', () => {
  assert.throws(() => assembleApng([png(2, 2, [[0, 0, 0, 255, 0, 0, 0, 255], [0, 0, 0, 255, 0, 0, 0, 255]]), png(1, 1, [[0, 0, 0, 255]])]), /frame 2 differs from frame 1/);
  assert.throws(() => assembleApng([bytes('GIF89a not a png')]), /frame 1 is not a PNG file/);
});
