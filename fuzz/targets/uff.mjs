// Target uff: a universal file, mutated byte- and line-wise, through the UFF reader (wasm/uff.js
// parseUff), its Recording and inspect summary, and identify's, the FRF and the modes' views of it
// (calls.mjs uffRead). Bases: the reader's fixtures (tests/fixtures/formats/uff/: pyuff-written 58,
// 58b, 55 and geometry files and the vendor dialects; tests/data/uff/), each cut to its first
// BASE_BYTES bytes. Mutations aim at what a reader trusts: counts and sizes (record 7 field 2, the
// 58b byte count), dataset numbers, the -1 delimiters, line ends and fixed-width fields.
import { readdirSync, readFileSync } from 'node:fs';

const BASE_BYTES = 6000;
const DIRS = [new URL('../../tests/fixtures/formats/uff/', import.meta.url), new URL('../../tests/data/uff/', import.meta.url)];
const TOKENS = ['2147483648', '4294967296', '9999999999', '999999999999', '0', '1', '-1', '    -1', '    -1\n', '58', '58b', '58x', '55',
  '15', '82', '151', '164', '2411', '2412', '2414', '   -1', 'NaN', 'inf', '1e999', '1.0-999', '1.0+999', '-', '+', '.', 'b', 'D', 'E+',
  'E', '\r', '\n', '\r\n', '\0', ' ', '         ', '-0', '4.9E-324', '1.7976931348623157E+308', '    1', '         2', '         6'];

export function setup() {
  const bases = [];
  for (const dir of DIRS) {
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.uff')).sort()) {
      bases.push(readFileSync(new URL(f, dir)).subarray(0, BASE_BYTES).toString('latin1'));
    }
  }
  return { bases };
}

export function arbitrary(fc, { bases }) {
  const mutation = fc.record({ op: fc.nat({ max: 10 }), a: fc.nat(), b: fc.nat(), text: fc.string({ unit: 'binary', maxLength: 8 }) });
  return fc.record({
    base: fc.nat({ max: bases.length - 1 }),
    mutations: fc.oneof({ arbitrary: fc.array(mutation, { maxLength: 2 }), weight: 3 }, { arbitrary: fc.array(mutation, { maxLength: 6 }), weight: 1 }),
  });
}

/** The text (one character per byte) after a mutation {op, a, b, text}. */
function mutate(text, { op, a, b, text: random }) {
  const at = text.length ? a % text.length : 0;
  const lines = text.split('\n');
  const line = lines.length ? a % lines.length : 0;
  const token = TOKENS[b % TOKENS.length];
  switch (op) {
    case 0: return text.slice(0, at) + String.fromCharCode(b % 256) + text.slice(at + 1);  // one byte
    case 1: return text.slice(0, at) + token + text.slice(at);  // a token inserted
    case 2: return text.slice(0, at) + text.slice(at + 1 + (b % 64));  // bytes deleted
    case 3: lines.splice(line, 0, lines[line]); return lines.join('\n');  // a line twice
    case 4: lines.splice(line, 1); return lines.join('\n');  // a line deleted
    case 5: { const other = b % lines.length; [lines[line], lines[other]] = [lines[other], lines[line]]; return lines.join('\n'); }
    case 6: {  // a fixed-width field (10 columns) of a line replaced by a token, right-justified
      const col = 10 * (b % 8);
      lines[line] = (lines[line] ?? '').padEnd(col).slice(0, col) + token.padStart(10).slice(-10) + (lines[line] ?? '').slice(col + 10);
      return lines.join('\n');
    }
    case 7: return text.slice(0, at);  // truncated
    case 8: return b % 2 ? text.replace(/\n/g, '\r\n') : text.replace(/\n/g, '\r');  // line ends
    case 9: return text.slice(0, at) + random + text.slice(at);  // random bytes
    default: return text.slice(0, at) + token + text.slice(at + token.length);  // a token over the bytes
  }
}

export function prepare(mechid, c, { bases }) {
  return { fn: 'uffRead', args: { text: c.mutations.reduce(mutate, bases[c.base]) } };
}
