// The dialect of a text record from its first lines: the delimiter (, ; tab or runs of blanks),
// a decimal comma, rows in brackets ending in ; (the ECP rig's "export raw data": `[ 0 0.000 -3 ];`),
// comment lines (# % //), the header lines before the numbers (column names, then perhaps a row of
// units), and each column's name and unit ("Time (s)" → Time, s; "a [m/s^2]" → a, m/s^2).
// Pure functions of text: wasm/text.js reads the file with what this finds.
import { MechidError, quoted } from './errors.js';
import { cellNumber } from './cell-number.js';

const bad = (message) => new MechidError('bad-input', message);

/** A comment line: its first non-blank characters are #, % or //. */
export const isComment = (line) => /^\s*(#|%|\/\/)/.test(line);

/**
 * A row without its brackets: the ECP raw export opens its first row with [ and ends every row
 * with ; (the last with ]); a lone [ or ]; line becomes blank.
 */
export const unbracket = (line) => line.replace(/^\s*\[/, '').replace(/[\s;\]]+$/, '');

/** The delimiters tried, in this order (the first that reads every sampled row as numbers wins). */
const DIALECTS = [
  { delimiter: ',', decimalComma: false, variant: 'csv' },
  { delimiter: ';', decimalComma: true, variant: 'semicolon' },
  { delimiter: '\t', decimalComma: true, variant: 'tab' },
  { delimiter: ' ', decimalComma: true, variant: 'spaces' },
];

/**
 * The cells of a line quoted as CSV is ("a","b ""c""",d): quotes removed, "" read as "; null
 * when its quotes are malformed (a quote that never closes, text after a closing quote), and
 * then `problem` says where: {column (1-based), unterminated}.
 */
function quotedCells(line, delimiter, problem = {}) {
  const cells = [];
  let cell = '', inQuotes = false, closed = false;
  const fail = (unterminated) => Object.assign(problem, { column: cells.length + 1, unterminated }) && null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inQuotes) {
      if (c === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') { inQuotes = false; closed = true; } else cell += c;
    } else if (c === delimiter) { cells.push(cell); cell = ''; closed = false; } else if (closed && c.trim() !== '') return fail(false);
    else if (c === '"' && cell.trim() === '') inQuotes = true;
    else if (c === '"') return fail(false);
    else cell += c;
  }
  if (inQuotes) return fail(true);
  cells.push(cell);
  return cells;
}

/**
 * Refuses line number `line` (its text `text`) whose quotes are malformed: one line naming the
 * file, the line and the column (its name among `names` when given, else its number).
 */
export function badQuotes(source, line, text, delimiter, names = []) {
  const problem = { column: 1, unterminated: false };
  quotedCells(unbracket(text), delimiter, problem);
  const name = names[problem.column - 1];
  const column = name && !/^column \d+$/.test(name) ? quoted(name) : String(problem.column);
  return bad(problem.unterminated
    ? `${source}: line ${line}: unterminated quote in column ${column} (a " opens a cell that never closes on its line)`
    : `${source}: line ${line}: malformed quotes in column ${column} (text after a closing "); a cell holding " must be quoted whole, each inner " doubled as ""`);
}

/**
 * The cells of a line in a dialect: split at the delimiter (runs of blanks for ' '), quotes
 * honoured where the line has any, blanks around each cell trimmed; null when its quotes are
 * malformed. A delimiter ending every line (as LabVIEW writes them) gives a last empty cell:
 * withoutLastEmpty drops it where the count says so.
 */
export function splitCells(line, delimiter) {
  let cells;
  if (delimiter === ' ') {
    const text = line.trim();
    cells = text === '' ? [''] : text.split(/\s+/);
  } else {
    cells = line.includes('"') ? quotedCells(line, delimiter) : line.split(delimiter);
    if (cells === null) return null;
    cells = cells.map((c) => c.trim());
  }
  return cells;
}

/** The cells without a last empty one (a line ending in its delimiter). */
export const withoutLastEmpty = (cells) => (cells !== null && cells.length > 1 && cells[cells.length - 1] === '' ? cells.slice(0, -1) : cells);

/** Every cell a finite number in the dialect (an empty line is not a row of numbers). */
const numericRow = (cells, decimalComma) => cells !== null && cells.length > 0 && cells.every((c) => c !== '' && Number.isFinite(cellNumber(c, decimalComma)));

/** Rows of numbers looked at to settle the dialect. */
const SAMPLE_ROWS = 5;

/**
 * Where the numbers start in a dialect: the index (in `content`) of the first of SAMPLE_ROWS
 * rows (fewer when the file has fewer) that are all numbers with one cell count, and that count;
 * null when there is none.
 */
function dataStart(content, dialect) {
  const { delimiter, decimalComma } = dialect;
  const cells = content.map((c) => withoutLastEmpty(splitCells(unbracket(c.text), delimiter)));
  for (let s = 0; s < cells.length; s++) {
    // SAMPLE_ROWS rows, or half of those left in a short head (a bad cell near its end is the
    // reader's to name, with its line).
    const end = s + Math.min(SAMPLE_ROWS, Math.max(1, Math.floor((cells.length - s) / 2)));
    if (cells[s] === null) continue;
    const count = cells[s].length;
    let ok = true;
    for (let k = s; k < end && ok; k++) ok = numericRow(cells[k], decimalComma) && cells[k].length === count;
    if (ok) return { start: s, count };
  }
  return null;
}

/** A header cell's name and unit: "Time (s)" and "a [m/s^2]" name their unit in brackets at the end. */
export function nameAndUnit(cell) {
  const text = cell.trim();
  const m = /^(.*?)\s*[([]\s*([^()[\]]*?)\s*[)\]]$/.exec(text);
  return m && m[1] !== '' ? { name: m[1], unit: m[2] } : { name: text, unit: '' };
}

/** A cell of a units row: "s", "m/s^2", "(V)", "[N]", "-", "" (no unit); not a number. */
const unitCell = (cell) => cell.replace(/^[([]\s*|\s*[)\]]$/g, '').trim();

/**
 * The dialect of a text record from its first `head` characters (whole lines; `complete`: the
 * head is the whole file). Returns {delimiter, decimalComma, variant, bracketed, columns: [{name,
 * unit}], firstDataLine (1-based), notes: [...]}; throws one line naming the file when no line of
 * numbers is found. Header lines: the last line before the numbers that splits into as many cells
 * as a row of numbers names the columns (a line after it, of text, gives their units); lines of
 * another count (a title) are noted and skipped. Names split at single blanks (the ECP export's
 * "Commanded Pos") are tried split at two or more.
 */
export function sniffDialect(head, source, complete = true) {
  const all = head.split(/\r\n|\r|\n/);
  if (!complete) all.pop();  // cut mid-line
  const content = [];
  all.forEach((text, i) => {
    if (!isComment(text) && unbracket(text).trim() !== '') content.push({ text, line: i + 1 });
  });
  // The first dialect whose rows have two or more numbers; else the first with one column.
  let dialect = null, found = null;
  for (const d of DIALECTS) {
    const s = dataStart(content, d);
    if (s && (!found || (found.count < 2 && s.count >= 2))) { dialect = d; found = s; }
    if (found?.count >= 2) break;
  }
  if (!found) {
    throw bad(`${source}: no rows of numbers in the first ${all.length} lines; a measurement file has rows of numbers ` +
      'separated by , ; tab or blanks, after at most a few lines of column names and units');
  }
  const { delimiter, decimalComma } = dialect;
  const count = found.count;
  // The numbers start at the first line of `count` cells with a number among them: the header
  // lines hold none (a bad cell among the first rows is then the reader's to name, with its line).
  const hasNumber = (cells) => cells.some((c) => Number.isFinite(cellNumber(c, decimalComma)));
  for (let i = 0; i < found.start; i++) {
    const cells = splitCells(unbracket(content[i].text), delimiter);
    if (cells !== null && (cells.length === count || withoutLastEmpty(cells).length === count) && hasNumber(cells)) {
      found.start = i;
      break;
    }
  }
  const notes = [];
  const firstDataLine = content[found.start].line;
  const comments = all.slice(0, firstDataLine - 1).filter(isComment).length;
  if (comments > 0) notes.push(`${comments} comment line${comments === 1 ? '' : 's'} (# % //) skipped`);
  // Header lines: those before the numbers that split into `count` cells.
  const before = content.slice(0, found.start);
  const cellsOf = (text) => {
    const cells = splitCells(text, delimiter);
    if (cells === null) throw badQuotes(source, before.find((c) => c.text === text).line, text, delimiter);
    if (cells.length === count + 1) return withoutLastEmpty(cells);
    if (cells.length !== count && delimiter === ' ') {
      const wide = text.trim().split(/\s{2,}|\t/);
      if (wide.length === count) return wide.map((c) => c.trim());
    }
    return cells;
  };
  const fitting = before.map((c) => ({ ...c, cells: cellsOf(c.text) })).filter((c) => c.cells.length === count);
  for (const c of before) {
    if (!fitting.some((f) => f.line === c.line)) notes.push(`line ${c.line} skipped: ${quoted(c.text.trim())} does not split into the ${count} columns`);
  }
  // A header line right above the numbers that splits into another count of cells (≥ 2) is a
  // header that does not match its rows, not a title.
  const above = before.length > 0 && fitting.length === 0 ? cellsOf(before[before.length - 1].text) : [];
  if (above.length >= 2 && delimiter !== ' ') {
    throw bad(`${source}: line ${firstDataLine} has ${count} field${count === 1 ? '' : 's'} but the header has ${above.length}`);
  }
  let columns = Array.from({ length: count }, (_, k) => ({ name: `column ${k + 1}`, unit: '' }));
  if (fitting.length > 0) {
    // Names, then units: the last two fitting lines when there are two.
    const last = fitting[fitting.length - 1];
    const units = fitting.length >= 2 ? last : null;
    const names = units ? fitting[fitting.length - 2] : last;
    for (const f of fitting.slice(0, fitting.length - (units ? 2 : 1))) notes.push(`line ${f.line} skipped (a header line above the column names)`);
    columns = names.cells.map((cell, k) => {
      const { name, unit } = nameAndUnit(cell);
      return { name: name === '' ? `column ${k + 1}` : name, unit: units ? unitCell(units.cells[k]) || unit : unit };
    });
  }
  const bracketed = content.slice(found.start, found.start + SAMPLE_ROWS).some((c) => /^\s*\[|;\s*$/.test(c.text)) && delimiter !== ';';
  return {
    delimiter, decimalComma, variant: bracketed ? 'bracketed' : dialect.variant, bracketed,
    columns, firstDataLine, notes,
  };
}
