// Mutations of a measurement CSV for the csv fuzz target: the probe's 16 operators (issue 20's
// reliability review, section 2) plus line endings and a BOM. Each operator is a function of the
// table and three generated numbers (a, b: naturals picking rows, columns and list entries; x: a
// double), so a case is a plain list of {op, a, b, x} and reproduces from its seed.

const TOKENS = ['', ' ', 'NaN', 'nan', 'inf', '-Infinity', '1e309', '-1e309', '1e-320', '4.9e-324', '-0', '0x1', '0b1',
  '1_000', '1,5', '1.5.2', '--1', '+', '.', 'e5', '1e', 'abc', '"', '""', 'null', 'true', '٣', '１', '\u00a0', '1e308',
  '179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000'];
const NAMES = ['t', 'u1', 'u2', 'u3', 'u4', 'q1', 'q2', 'q3', 'q4', 'q9', 'u0', 'q0', 'T', ' q1', 'q1 ', 'x', '', 'u01',
  'q1.5', 'time', '\u001b[2J', 'u1\u0000', 'q\u202e1', '"q1"', 'u1,u2'];
const SCALES = [1e300, 1e-300, 1e308, 1e-308, 0, -1, 1e20, 1e-20, 1e150, 1e-150, 2 ** 31, 1e10];
const VALUES = [0, 1, -1, 1e300, 1e-300, 5e9, 4.9e-324, 1.7976931348623157e308];
const JITTER = [1e-12, 1e-6, 1e-3, 0.009, 0.011, 0.5, -0.5, 1, -1, 1e6];
const CHARS = ['"', ',', ';', '\t', '\n', '\r', '\u0000', '\u001b', '\ufeff', '\u2028', 'é', '\ud800', ' ', '.', 'e', '-', '9'];

const pick = (list, k) => list[k % list.length];
const scaled = (cell, s) => {
  const x = Number(cell);
  return cell.trim() !== '' && Number.isFinite(x) ? String(x * s) : cell;
};

// The table: rows of cells split on the delimiter (no quoting: the base files have none).
class Table {
  constructor(text, delimiter = ',') { this.setText(text); this.delimiter = delimiter; }
  setText(text) { this.text = text; this.rows = null; }
  table() {
    if (!this.rows) this.rows = this.text.split('\n').map((line) => line.split(this.delimiter));
    return this.rows;
  }
  getText() {
    if (this.rows) { this.text = this.rows.map((r) => r.join(this.delimiter)).join('\n'); this.rows = null; }
    return this.text;
  }
  // Data rows (not the header, not a trailing empty line).
  dataRows() { return this.table().slice(1).filter((r) => !(r.length === 1 && r[0] === '')); }
  width() { return this.table()[0].length; }
  column(a) { return a % Math.max(1, this.width()); }
  row(a) { const n = this.table().length; return n > 1 ? 1 + (a % (n - 1)) : 0; }
}

const OPS = {
  token(T, a, b) { const r = T.row(a), rows = T.table(); rows[r][b % rows[r].length] = pick(TOKENS, a + b); },
  byte(T, a, b) { const s = T.getText(); const i = a % Math.max(1, s.length); T.setText(s.slice(0, i) + pick(CHARS, b) + s.slice(i + 1)); },
  rowDelete(T, a) { if (T.table().length > 1) T.table().splice(T.row(a), 1); },
  rowDuplicate(T, a) { const rows = T.table(), r = T.row(a); rows.splice(r, 0, [...rows[r]]); },
  rowSwap(T, a, b) { const rows = T.table(), i = T.row(a), j = T.row(b); [rows[i], rows[j]] = [rows[j], rows[i]]; },
  truncate(T, a) { const s = T.getText(); T.setText(s.slice(0, a % (s.length + 1))); },
  headerRename(T, a, b) { T.table()[0][T.column(a)] = pick(NAMES, b); },
  scaleColumn(T, a, b) { const c = T.column(a); for (const r of T.dataRows()) if (c < r.length) r[c] = scaled(r[c], pick(SCALES, b)); },
  constantColumn(T, a, b) { const c = T.column(a); for (const r of T.dataRows()) if (c < r.length) r[c] = String(pick(VALUES, b)); },
  collinearColumn(T, a, b, x) {
    const c = T.column(a), from = T.column(b);
    for (const r of T.dataRows()) if (c < r.length && from < r.length) r[c] = scaled(r[from], Number.isFinite(x) ? x : 2);
  },
  timeJitter(T, a, b) {
    const rows = T.dataRows();
    if (rows.length < 2) return;
    const r = rows[a % rows.length], step = Number(rows[1][0]) - Number(rows[0][0]);
    r[0] = String(Number(r[0]) + pick(JITTER, b) * step);
  },
  delimiterSwap(T, a) {
    const s = T.getText(), to = pick([';', '\t', ' ', '|'], a);
    T.setText(a % 2 ? s.replaceAll(',', to) : s.replaceAll(',', to).replaceAll('.', ','));
  },
  decimalComma(T) { T.setText(T.getText().replaceAll('.', ',')); },
  addColumn(T, a, b, x) {
    const rows = T.table();
    rows[0].push(pick(NAMES, a));
    for (let i = 1; i < rows.length; i++) if (rows[i].length > 1) rows[i].push(b % 2 ? String(x) : rows[i][b % rows[i].length]);
  },
  removeColumn(T, a) { const c = T.column(a); for (const r of T.table()) if (r.length > 1) r.splice(c, 1); },
  unicode(T, a, b, x, text) { const s = T.getText(), i = a % (s.length + 1); T.setText(s.slice(0, i) + text + s.slice(i)); },
  quote(T, a, b) {
    const r = T.row(a), rows = T.table(), c = b % rows[r].length;
    rows[r][c] = b % 3 === 0 ? `"${rows[r][c]}` : b % 3 === 1 ? `"${rows[r][c]}"` : `"${rows[r][c]}""x"`;
  },
  lineEndings(T, a) { T.setText(T.getText().replaceAll('\n', pick(['\r\n', '\r', '\n\n', '\u2028'], a))); },
  bom(T, a) { T.setText(pick(['\ufeff', '\ufffe', '\u0000', ' \n', '\n'], a) + T.getText()); },
};
export const OPERATORS = Object.keys(OPS);

/** `text` after the mutations [{op, a, b, x, text}] in order. */
export function mutateCsv(text, mutations) {
  const T = new Table(text);
  for (const { op, a, b, x, text: s } of mutations) OPS[OPERATORS[op % OPERATORS.length]](T, a, b, x, s);
  return T.getText();
}
