// Universal file datasets that describe the test structure rather than measure it: 15 and 2411
// (nodes: label and coordinates), 82 (trace lines between nodes), 2412 (finite elements), 164
// (units) and 151 (header). Record layouts from the SDRC/I-DEAS "Universal Dataset" descriptions
// (the record numbers in the comments are theirs); fields are read blank-separated, as the
// corpus's writers (Testlab, ARTeMIS, NX, OROS) all separate them, and by their fixed columns
// when they run together. Each reader gets the block of wasm/uff.js (its cursor and messages)
// and adds what it read to `into.geometry` or `into.extra`.
import { fortranInteger, fortranNumber } from './uff-numbers.js';

const isDelimiter = (line) => line.trim() === '-1';

/** The block's lines up to its closing -1 (refused when the file ends first). */
function linesOf(block) {
  const lines = [];
  for (;;) {
    const line = block.cursor.next(true);
    if (line === null) throw block.fail(`no closing -1: the file ends at line ${block.cursor.line}`);
    if (isDelimiter(line)) return { lines, first: block.cursor.line - lines.length };
    lines.push(line);
  }
}

/** The numbers of a line: blank-separated, else by fixed `widths` (fields that run together). */
function numbersOf(line, widths, block, lineNumber, what) {
  const tokens = line.trim() === '' ? [] : line.trim().split(/\s+/);
  let values = tokens.map(fortranNumber);
  if (values.every(Number.isFinite)) return values;
  values = [];
  for (let at = 0, k = 0; at < line.length; at += widths[k % widths.length], k++) {
    const text = line.slice(at, at + widths[k % widths.length]);
    if (text.trim() === '') continue;
    const x = fortranNumber(text);
    if (!Number.isFinite(x)) throw block.fail(`line ${lineNumber}: ${what}: "${text.trim().slice(0, 40)}" is not a number`);
    values.push(x);
  }
  return values;
}

/** Dataset 15: record 1 per node, Format(4I10,1P3E13.5): label, 2 coordinate systems, color, x, y, z. */
function read15(block, { geometry }) {
  const { lines, first } = linesOf(block);
  lines.forEach((line, k) => {
    if (line.trim() === '') return;
    const v = numbersOf(line, [10, 10, 10, 10, 13, 13, 13], block, first + k, 'dataset 15 record 1 (node)');
    if (v.length !== 7) throw block.fail(`line ${first + k}: dataset 15 record 1 holds ${v.length} fields; a node has 7 (label, 2 coordinate systems, color, x, y, z)`);
    geometry.nodes.push({ id: v[0], x: v[4], y: v[5], z: v[6] });
  });
}

/** Dataset 2411: per node record 1 Format(4I10) label, 2 coordinate systems, color; record 2 Format(1P3D25.16) x, y, z. */
function read2411(block, { geometry }) {
  const { lines, first } = linesOf(block);
  const content = lines.map((line, k) => [line, first + k]).filter(([line]) => line.trim() !== '');
  if (content.length % 2 !== 0) throw block.fail(`dataset 2411 has ${content.length} lines; each node has two (record 1 label, record 2 coordinates)`);
  for (let k = 0; k < content.length; k += 2) {
    const r1 = numbersOf(...content[k], [10, 10, 10, 10], block, content[k][1], 'dataset 2411 record 1');
    const r2 = numbersOf(content[k + 1][0], [25, 25, 25], block, content[k + 1][1], 'dataset 2411 record 2');
    if (r1.length !== 4 || r2.length !== 3) throw block.fail(`line ${content[k][1]}: dataset 2411 node records hold ${r1.length} and ${r2.length} fields; expected 4 (label, coordinate systems, color) and 3 (x, y, z)`);
    geometry.nodes.push({ id: r1[0], x: r2[0], y: r2[1], z: r2[2] });
  }
}

/** Dataset 82: record 1 Format(3I10) trace line number, node count, color; record 2 ID line; record 3 Format(8I10) nodes (0: move to the next node). */
function read82(block, { geometry }) {
  const { lines, first } = linesOf(block);
  if (lines.length < 2) throw block.fail(`dataset 82 ends after ${lines.length} line(s); it needs record 1 (trace line number, node count, color) and record 2 (ID line)`);
  const r1 = numbersOf(lines[0], [10, 10, 10], block, first, 'dataset 82 record 1');
  let nodes = lines.slice(2).flatMap((line, k) => numbersOf(line, [10, 10, 10, 10, 10, 10, 10, 10], block, first + 2 + k, 'dataset 82 record 3 (nodes)'));
  // Testlab pads record 3's last line with zeros to 8 fields: beyond the declared count only zeros
  const count = r1[1];
  if (r1.length >= 2 && (count > nodes.length || nodes.slice(count).some((n) => n !== 0))) {
    throw block.fail(`line ${first}: dataset 82 record 1 declares ${count} nodes, record 3 holds ${nodes.length}`);
  }
  if (r1.length >= 2) nodes = nodes.slice(0, count);
  geometry.lines.push({ id: r1[0], nodes });
}

/** Beam FE descriptors of dataset 2412 (record 2 then holds the beam's orientation and cross sections). */
const BEAMS = new Set([11, 21, 22, 23, 24]);

/** Dataset 2412: per element record 1 Format(6I10) label, FE descriptor, 2 properties, color, node count; beams record 2 Format(3I10); then the nodes Format(8I10). */
function read2412(block, { geometry }) {
  const { lines, first } = linesOf(block);
  const ints = (k, what) => numbersOf(lines[k], [10, 10, 10, 10, 10, 10, 10, 10], block, first + k, `dataset 2412 ${what}`);
  for (let k = 0; k < lines.length;) {
    if (lines[k].trim() === '') { k++; continue; }
    const r1 = ints(k, 'record 1 (element)');
    if (r1.length !== 6) throw block.fail(`line ${first + k}: dataset 2412 record 1 holds ${r1.length} fields; an element has 6 (label, FE descriptor, 2 properties, color, node count)`);
    const [id, type, , , , count] = r1;
    k++;
    if (BEAMS.has(type)) k++;
    const nodes = [];
    while (nodes.length < count) {
      if (k >= lines.length) throw block.fail(`dataset 2412 element ${id}: the block closes after ${nodes.length} of its ${count} nodes`);
      nodes.push(...ints(k, `element ${id} nodes`));
      k++;
    }
    if (nodes.length !== count) throw block.fail(`line ${first + k - 1}: dataset 2412 element ${id} lists ${nodes.length} nodes, record 1 declares ${count}`);
    geometry.elements.push({ id, type, nodes });
  }
}

/** Dataset 164: record 1 Format(I10,20A1,I10) units code, description, temperature mode; records 2-3 Format(3D25.17) the factors into SI. */
function read164(block, { extra }) {
  const { lines, first } = linesOf(block);
  if (lines.length < 2) throw block.fail('dataset 164 needs record 1 (units code) and record 2 (length, force and temperature factors)');
  const code = fortranInteger(lines[0].slice(0, 10));
  const factors = lines.slice(1).flatMap((line, k) => numbersOf(line, [25, 25, 25], block, first + 1 + k, 'dataset 164 records 2-3 (unit factors)'));
  if (!Number.isFinite(code) || factors.length < 3) throw block.fail(`line ${first}: dataset 164 needs a units code and at least 3 factors (length, force, temperature), found ${factors.length}`);
  extra.units = {
    code, system: UNIT_SYSTEMS[code] ?? 'unknown', description: lines[0].slice(10, 30).trim(), temperatureMode: fortranInteger(lines[0].slice(30, 40)),
    length: factors[0], force: factors[1], temperature: factors[2], temperatureOffset: factors[3] ?? 0,
  };
}

/** Dataset 164 units codes. */
const UNIT_SYSTEMS = { 1: 'SI: meter (newton)', 2: 'BG: foot (pound f)', 3: 'MG: meter (kilogram f)', 4: 'BA: foot (poundal)', 5: 'MM: mm (milli newton)', 6: 'CM: cm (centi newton)', 7: 'IN: inch (pound f)', 8: 'GM: mm (kilogram f)', 9: 'US: user defined', 10: 'MN: mm (newton)' };

/** Dataset 151: records 1-3 model name, description, application; record 6 program. */
function read151(block, { extra }) {
  const { lines } = linesOf(block);
  const text = (k) => (lines[k] ?? '').trim();
  extra.header = { model: text(0), description: text(1), application: text(2), program: text(5) };
}

/** The readers by dataset number. */
export const GEOMETRY_READERS = { 15: read15, 2411: read2411, 82: read82, 2412: read2412, 164: read164, 151: read151 };
