// The message helpers of wasm/errors.js (one printable line of bounded length, made in
// MechidError) and the text handling of wasm/csv.js shared by the CLI and the page: decoding by
// byte-order mark, one decimal number syntax (decimal comma files still read).
import test from 'node:test';
import assert from 'node:assert/strict';
import Papa from 'papaparse';
import { MAX_MESSAGE, MechidError, describeValue, escapeControl, listNames, printable, quoted } from '../../wasm/errors.js';
import { cellNumber, decodeText, parseDatasetCsv, parseDecimal } from '../../wasm/csv.js';

test('control characters are escaped: C0, DEL, C1, bidi overrides and isolates, line separators, BOM', () => {
  assert.equal(escapeControl('a\u001b[2Jb\u0007\u0000\n\r\t'), 'a\\x1b[2Jb\\x07\\x00\\x0a\\x0d\\x09');
  assert.equal(escapeControl('\u007f\u0085\u009b'), '\\x7f\\x85\\x9b');
  assert.equal(escapeControl('x\u202ey\u2066z\u200f\u2028\ufeff'), 'x\\u202ey\\u2066z\\u200f\\u2028\\ufeff');
  assert.equal(escapeControl('plain text, ü, 1.5e-3 − µ'), 'plain text, ü, 1.5e-3 − µ');
});

test('MechidError makes every message one printable line of bounded length', () => {
  const e = new MechidError('bad-input', `two\nlines \u001b]0;title\u0007 ${'x'.repeat(5000)}`);
  assert.ok(!/[\u0000-\u001f]/.test(e.message), e.message.slice(0, 80));
  assert.ok(e.message.startsWith('two\\x0alines \\x1b]0;title\\x07 xxx'));
  assert.ok(e.message.length < MAX_MESSAGE + 60, `${e.message.length}`);
  assert.match(e.message, /… \(cut: 5021 characters\)$/);
  assert.equal(printable('short'), 'short');
});

test('names and values in messages: cut, listed with a count, NaN and Infinity by name', () => {
  assert.equal(quoted('abc'), 'abc');
  assert.equal(quoted('y'.repeat(50)), `${'y'.repeat(40)}… (50 characters)`);
  assert.equal(listNames(['a', 'b', '']), 'a, b, (unnamed)');
  assert.equal(listNames(Array.from({ length: 9 }, (_, k) => `c${k}`)), 'c0, c1, c2, c3, c4, c5, … and 3 more');
  assert.deepEqual([NaN, Infinity, -Infinity, null, undefined, '0.1', [1, 2]].map(describeValue),
    ['NaN', 'Infinity', '-Infinity', 'null', 'undefined', '"0.1"', '[1,2]']);
  assert.equal(describeValue({ a: 'z'.repeat(100) }), `{"a":"${'z'.repeat(54)}… (108 characters)`);
});

test('one decimal syntax: signs, points, exponents; no hex, binary, octal, separators or words', () => {
  for (const [text, x] of [['1', 1], [' -2.5 ', -2.5], ['+.5', 0.5], ['5.', 5], ['1e-3', 1e-3], ['2E+2', 200], ['1e999', Infinity]]) {
    assert.equal(parseDecimal(text), x, text);
  }
  for (const text of ['0x1', '0b1', '0o7', '1_000', '', ' ', 'Infinity', 'inf', 'NaN', '1e', '.', '--1', '1.2.3', '\u22121', '1 000']) {
    assert.ok(Number.isNaN(parseDecimal(text)), text);
  }
  assert.equal(cellNumber('1,5', true), 1.5);
  assert.ok(Number.isNaN(cellNumber('1,5', false)));
});

test('decimal-comma files (; or tab) still read', () => {
  const rows = Array.from({ length: 5 }, (_, i) => [`${i / 10}`.replace('.', ','), `${i % 2 ? -1 : 1},5`, `0,0${i}`]);
  for (const d of [';', '\t']) {
    const text = `t${d}u1${d}q1\n${rows.map((r) => r.join(d)).join('\n')}\n`;
    const r = parseDatasetCsv({ Papa, text, source: 'dc.csv' });
    assert.deepEqual(Array.from(r.u.data), [1.5, -1.5, 1.5, -1.5, 1.5]);
    assert.deepEqual(Array.from(r.y.data), [0, 0.01, 0.02, 0.03, 0.04]);
    assert.ok(Math.abs(r.h - 0.1) < 1e-15);
  }
});

test('text decoded by its byte-order mark, as a browser reads a file: UTF-8, UTF-16LE, UTF-16BE', () => {
  const text = 't,u1,q1\n0,1,ü\n';
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const be = Buffer.from(le);
  for (let i = 0; i < be.length; i += 2) [be[i], be[i + 1]] = [be[i + 1], be[i]];
  assert.deepEqual(decodeText(le), { text, encoding: 'utf-16le' });
  assert.deepEqual(decodeText(be), { text, encoding: 'utf-16be' });
  assert.deepEqual(decodeText(Buffer.from(`\ufeff${text}`)), { text, encoding: 'utf-8' });
  assert.equal(decodeText(Buffer.from([0x41, 0xb0])).text, 'A\ufffd');
});

test('PapaParse quoting errors: line and column named, also with a decimal-comma delimiter', () => {
  const good = 't;u1;q1\n0;1;0\n0,1;1;0\n';
  assert.throws(() => parseDatasetCsv({ Papa, text: `${good}0,2;"1;0\n0,3;1;0\n`, source: 'q.csv' }),
    { code: 'bad-input', message: /^q\.csv: line 4: unterminated quote in column u1 / });
  assert.throws(() => parseDatasetCsv({ Papa, text: `${good}0,2;1;"0"5\n`, source: 'q.csv' }),
    { code: 'bad-input', message: /^q\.csv: line 4: malformed quotes in column q1 / });
});
