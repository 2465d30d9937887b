// Target serial: the serial device's line parser of the Measure section (web/views/measure/
// serial-lines.js) on what microcontrollers print — timed and untimed lines of one to four channels
// with comma, semicolon, tab or space separators, CRLF ends, a boot message, a header with units
// (°C, µm/s²), negative and exponent numbers — mutated by the csv target's operators
// (csv-mutations.mjs), with or without a stated channel count, read whole and in reads cut at
// arbitrary bytes (calls.mjs serialRead: both must give the same samples).
import { mutateCsv } from '../csv-mutations.mjs';

export function setup() {
  const timed = (n, sep, end) => Array.from({ length: 12 }, (_, i) => [(i * 0.01).toFixed(3), ...Array.from({ length: n }, (_, k) => (Math.sin(i + k) * 10 ** (k - 1)).toPrecision(5))].join(sep)).join(end);
  const untimed = (n, sep, end) => Array.from({ length: 12 }, (_, i) => Array.from({ length: n }, (_, k) => String(Math.round(512 + 300 * Math.cos(i * (k + 1))))).join(sep)).join(end);
  const bases = [
    `${timed(1, ',', '\n')}\n`,
    `boot v1.2 ready\r\nt (s),a (µm/s²),T (°C)\r\n${timed(2, ',', '\r\n')}\r\n`,
    timed(3, ';', '\n'),
    `${timed(4, '\t', '\n')}\n`,
    `${untimed(1, ' ', '\n')}\n`,
    `${untimed(3, ',', '\r\n')}\r\n`,
    `# header\n${untimed(2, '  ', '\n')}\n-1.5e-3 2E+2\n`,
  ];
  return { bases, methods: ['none'] };
}

export function arbitrary(fc, { bases }) {
  const mutation = fc.record({ op: fc.nat(), a: fc.nat(), b: fc.nat(), x: fc.double(), text: fc.string({ unit: 'binary', maxLength: 6 }) });
  return fc.record({
    base: fc.nat({ max: bases.length - 1 }),
    mutations: fc.array(mutation, { maxLength: 3 }),
    timed: fc.boolean(),
    channels: fc.constantFrom(null, null, 1, 2, 3, 4),
    cuts: fc.array(fc.nat(), { maxLength: 12 }),
  });
}

export function prepare(mechid, c, { bases }) {
  const { timed, channels, cuts } = c;
  return { fn: 'serialRead', args: { text: mutateCsv(bases[c.base], c.mutations), timed, channels, cuts } };
}
