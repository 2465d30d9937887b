// The call of the serial fuzz target (calls.mjs serialRead): the lines a serial device printed
// (web/views/measure/serial-lines.js) parsed twice, once from the whole byte stream and once from
// the same bytes in reads that end anywhere (inside a number, between \r and \n, inside a UTF-8
// character), as the Web Serial port delivers them. The parser promises that the reads' ends do not
// matter: the two parses must give the same samples, skipped lines and first skipped line. Also
// (`broken`, outcome.mjs): finite samples, every channel as long as the times, each counted line a
// sample or a skipped line.
import { SerialLineParser } from '../web/views/measure/serial-lines.js';

// Every sample of a parser fed `reads` (Uint8Arrays), then its end: {times, values, skipped, firstSkipped, lines}.
function parseAll(reads, options) {
  const parser = new SerialLineParser(options);
  let times = options.timed === false ? null : [], values = null;
  const add = (out) => {
    if (times) times.push(...out.times);
    if (out.values.length) {
      values ??= out.values.map(() => []);
      out.values.forEach((v, k) => values[k].push(...v));
    }
  };
  for (const read of reads) add(parser.push(read));
  add(parser.end());
  return { times, values: values ?? [], skipped: parser.skipped, firstSkipped: parser.firstSkipped, lines: parser.lines };
}

/** What is wrong with a parse, or ''. */
function parseBroken(p) {
  const samples = p.values[0]?.length ?? 0;
  if (p.values.some((v) => v.length !== samples)) return 'channels of different lengths';
  if (p.times && p.times.length !== samples && p.values.length) return `${p.times.length} times for ${samples} samples`;
  if (![...(p.times ?? []), ...p.values.flat()].every(Number.isFinite)) return 'a non-finite sample';
  if (p.lines !== samples + p.skipped) return `${p.lines} lines counted, ${samples} samples and ${p.skipped} skipped`;
  return '';
}

export function serialRead(mechid, { text, timed, channels, cuts }) {
  const bytes = new TextEncoder().encode(text);
  const options = { timed, channels };
  const whole = parseAll([bytes], options);
  const ends = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const reads = [];
  let from = 0;
  for (const end of [...ends, bytes.length]) {
    reads.push(bytes.subarray(from, end));
    from = end;
  }
  const parts = parseAll(reads, options);
  const broken = parseBroken(whole)
    || (JSON.stringify(parts) === JSON.stringify(whole) ? '' : `read in ${reads.length} parts: ${JSON.stringify(parts).slice(0, 120)} against ${JSON.stringify(whole).slice(0, 120)}`);
  return { status: 'ok', model: 'recording', broken };
}
