// Target text: the text and LabVIEW measurement readers (wasm/text.js, wasm/lvm.js) alone, on the
// csv target's mutations (csv-mutations.mjs) of the format fixtures (tests/fixtures/formats/:
// Octave's text dialects cut to their first BASE_LINES lines, LabVIEW's LVM files) and of the
// csv corpus; the Recording is checked against the readers' promises (calls.mjs textRead).
import { readdirSync, readFileSync } from 'node:fs';
import { arbitrary as csvArbitrary } from './csv.mjs';
import { mutateCsv } from '../csv-mutations.mjs';

const BASE_LINES = 40;
const fixtures = new URL('../../tests/fixtures/formats/', import.meta.url);
const corpusDir = new URL('../corpus/csv/', import.meta.url);

export function setup() {
  const read = (dir, f) => readFileSync(new URL(f, dir), 'latin1');
  const text = new URL('text/', fixtures), lvm = new URL('lvm/', fixtures);
  const cut = (s) => s.split('\n').slice(0, BASE_LINES).join('\n');
  const bases = [
    ...readdirSync(text).filter((f) => /\.(csv|tsv|txt)$/.test(f)).sort().map((f) => cut(read(text, f))),
    ...readdirSync(lvm).filter((f) => f.endsWith('.lvm')).sort().map((f) => read(lvm, f)),
    ...readdirSync(corpusDir).filter((f) => f.endsWith('.csv')).sort().map((f) => cut(read(corpusDir, f))),
  ];
  return { bases, methods: ['none'] };
}

export function arbitrary(fc, ctx) {
  return fc.record({ read: csvArbitrary(fc, ctx), chunkSize: fc.constantFrom(undefined, 3, 64) });
}

export function prepare(mechid, c, { bases }) {
  const base = bases[c.read.base % bases.length];
  return { fn: 'textRead', args: { text: mutateCsv(base, c.read.mutations), chunkSize: c.chunkSize } };
}
