// The text reader's number scanner (wasm/number-scan.js) against Number(): every cell it reads
// gives exactly Number()'s double (Object.is: the sign of zero too), on numbers written in every
// shape a file may hold them (shortest round-trip, fixed, exponent, 1 to 21 significant digits,
// signs, leading zeros, a bare point, 20-digit mantissas, exponents beyond ±22, subnormals, the
// largest double); what it does not read (blanks, an empty cell, 1e, --1, 0x1, 1e999) is left to
// the general reader (NaN here), which names the line and column as before.
import test from 'node:test';
import assert from 'node:assert/strict';
import { scanNumber } from '../../wasm/number-scan.js';
import { readTextBytes } from '../../wasm/text.js';

// Number strings of many shapes, from a seeded generator (a linear congruential one: repeatable).
function shapes(count, seed) {
  let s = seed >>> 0;
  const rand = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const out = [];
  for (let i = 0; i < count; i++) {
    const x = (rand() - 0.5) * 10 ** Math.floor(rand() * 60 - 30) * (rand() < 0.01 ? 1e280 : 1);
    const digits = Math.floor(rand() * 21);
    const forms = [
      () => String(x), () => x.toExponential(digits), () => (Math.abs(x) < 1e21 ? x.toFixed(digits) : String(x)),
      () => x.toPrecision(1 + digits), () => String(Math.round(x * 1e6)),
      () => `${rand() < 0.5 ? '+' : ''}${'0'.repeat(Math.floor(rand() * 4))}${Math.abs(x).toFixed(3)}`,
      () => `${Math.floor(rand() * 1e6)}.${rand() < 0.5 ? '' : Math.floor(rand() * 1e9)}`,
      () => `.${Math.floor(rand() * 1e18)}E${rand() < 0.5 ? '+' : '-'}${Math.floor(rand() * 330)}`,
      () => `${Math.floor(rand() * 1e20)}${Math.floor(rand() * 1e20)}e-${Math.floor(rand() * 40)}`,
    ];
    const text = forms[Math.floor(rand() * forms.length)]();
    if (Number.isFinite(Number(text))) out.push(text);
  }
  return out;
}

const EDGES = ['0', '-0', '+0', '-0.0e5', '5.', '.5', '+.5', '-.5e-3', '007', '9007199254740991', '9007199254740993',
  '900719925474099.3', '899999999999999.9', '123456789012345', '1234567890123456', '1e22', '1e23', '1e-22', '1e-23',
  '4.9e-324', '2.4703282292062328e-324', '1e-400', '1.7976931348623157e308', '1.7976931348623158e308',
  '0.1', '0.2', '0.3', '2.2250738585072014e-308', '123.456e-2', '1E+5', '1e0005'];

const scan = (text, comma = false, stop = 44) => scanNumber(text, 0, text.length, stop, comma);

test('every cell of 200 000 numbers of every shape (and the edges of the fast path) reads as Number() reads it', () => {
  const cells = [...EDGES, ...shapes(200_000, 3)];
  let fast = 0;
  for (const text of cells) {
    assert.ok(Object.is(scan(text), Number(text)), `${text}: ${scan(text)}, Number() ${Number(text)}`);
    // A decimal comma (the ; and tab dialects) reads the same.
    const comma = text.replace('.', ',');
    assert.ok(Object.is(scan(comma, true, 59), Number(text)), `${comma}: ${scan(comma, true, 59)}`);
    if (text.replace(/[^0-9]/g, '').replace(/^0+/, '').length <= 15) fast += 1;
  }
  assert.ok(fast > 50_000, `only ${fast} cells on the fast path`);
});

test('what is not a finite decimal number is left to the general reader (NaN), whatever follows', () => {
  for (const text of ['', ' 1', '1 ', '.', '-', '+', '1e', '1e+', '--1', '+-1', '1.2.3', '0x1', '0b1', 'Infinity', 'NaN', '1e999',
    '-1e400', '1_000', '5%', '"1"', '\u22121', '#N/A', 'abc', '1e5.5']) {
    assert.ok(Number.isNaN(scan(text)), `${JSON.stringify(text)}: ${scan(text)}`);
  }
  // A cell ends at the delimiter (here ;), not at a comma the dialect does not read as a point.
  assert.equal(scanNumber('1.5;2', 0, 5, 59, false), 1.5);
  assert.ok(Number.isNaN(scanNumber('1,5;2', 0, 5, 59, false)));
  assert.ok(Number.isNaN(scanNumber('1,5,3;2', 0, 7, 59, true)));
});

test('a file of these numbers (csv, ; with decimal commas, tab) reads into exactly Number() of each cell', () => {
  const cells = shapes(30_000, 11);
  const dialects = [[',', false], [';', true], ['\t', false]];
  for (const [sep, comma] of dialects) {
    const rows = [];
    for (let i = 0; i + 3 <= cells.length; i += 3) rows.push(cells.slice(i, i + 3).map((c) => (comma ? c.replace('.', ',') : c)).join(sep));
    const r = readTextBytes(new TextEncoder().encode(`a${sep}b${sep}c\n${rows.join('\n')}\n`), 'shapes.csv');
    assert.equal(r.channels[0].values.length, rows.length, sep);
    for (let i = 0; i < rows.length; i++) {
      for (let k = 0; k < 3; k++) {
        const expected = Number(cells[3 * i + k]);
        assert.ok(Object.is(r.channels[k].values[i], expected), `${JSON.stringify(sep)} line ${i + 2}: ${r.channels[k].values[i]} for ${cells[3 * i + k]}`);
      }
    }
  }
});

test('a line the scanner leaves is still refused by the general reader, naming its line and column', () => {
  const text = 't,u1,q1\n0,1,2\n0.1,1 ,2\n0.2,,2\n';  // a blank after 1 is read (Number trims it); the empty cell is not
  assert.throws(() => readTextBytes(new TextEncoder().encode(text), 'e.csv'), /^MechidError: e\.csv: line 4, column u1 is empty$/);
});
