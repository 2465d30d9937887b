// Universal File Format writers: time series and FRFs as dataset 58 (ASCII, double precision,
// or 58b with IEEE 754 doubles) and modes as dataset 55, laid out as the SDRC descriptions give
// the records (see wasm/uff.js for the reader). Lines are 80 columns or less; ID lines are never
// blank ("NONE" when there is nothing to say, general note 1).
import { MechidError } from './errors.js';
import { channelLabel, frfLabel, uffAxis, uffPoint } from './channel-labels.js';

const bad = (message) => new MechidError('bad-input', message);

/**
 * x in a Fortran E field of `width` columns with as many significant digits as fit in width - 1
 * (the first column stays blank for blank-separated readers), at most `digits` after the point:
 * "  1.234567890123E+02". Exponents beyond ±99 take a third digit.
 */
export function fortranE(x, width, digits) {
  if (!Number.isFinite(x)) throw bad(`a universal file holds finite numbers only, got ${x}`);
  const form = (d) => {
    const [mantissa, exponent] = x.toExponential(d).split('e');
    const e = Number(exponent);
    return `${mantissa}E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  };
  let d = digits;
  let text = form(d);
  while (text.length > width - 1 && d > 1) text = form(--d);
  if (text.length > width) throw bad(`${x} does not fit a field of ${width} columns`);
  return text.padStart(width);
}

const int = (n, width) => String(Math.trunc(n)).padStart(width);
const text = (s, width) => (s === undefined || s === '' ? 'NONE' : String(s)).replace(/[\r\n]/g, ' ').slice(0, width).padEnd(width);
const idLine = (s) => text(s, 80).trimEnd();

/** Records 8-11: Format(I10,3I5,2(1X,20A1)); exponents 0 (Addendum A: only "general" needs them). */
const axisRecord = (specificType, label, units) => `${int(specificType, 10)}${int(0, 5)}${int(0, 5)}${int(0, 5)} ${text(label, 20)} ${text(units, 20)}`.trimEnd();

/** The kinds of response: record 9 specific data type, units, column prefix. */
const RESPONSES = {
  displacement: { type: 8, units: 'm', prefix: 'q' },
  velocity: { type: 11, units: 'm/s', prefix: 'v' },
  acceleration: { type: 12, units: 'm/s^2', prefix: 'a' },
};
const BY_PREFIX = { q: 'displacement', v: 'velocity', a: 'acceleration' };

/**
 * One dataset 58 (or 58b): `f` = {functionType, id1, node, direction, refNode, refDirection,
 * complex, even, min, step, x (uneven abscissa), re, im, abscissa: [type, label, units],
 * ordinate: [...], denominator: [...]}. Returns text lines, or {head, bytes} for binary.
 */
function dataset58(f, binary, single) {
  const count = f.re.length;
  const type = f.complex ? (single ? 5 : 6) : (single ? 2 : 4);
  const bytesPer = single ? 4 : 8;
  const perPoint = (f.complex ? 2 : 1) + (f.even ? 0 : 1);
  const values = new Float64Array(count * perPoint);
  for (let i = 0, k = 0; i < count; i++) {
    if (!f.even) values[k++] = f.x[i];
    values[k++] = f.re[i];
    if (f.complex) values[k++] = f.im[i];
  }
  for (const v of values) if (!Number.isFinite(v)) throw bad(`${f.id1}: a value is not finite (${v}); a universal file holds finite numbers`);
  const head = [
    int(-1, 6),
    binary ? `${int(58, 6)}b${int(1, 6)}${int(2, 6)}${int(11, 12)}${int(values.length * bytesPer, 12)}${int(0, 6)}${int(0, 6)}${int(0, 12)}${int(0, 12)}` : int(58, 6),
    idLine(f.id1), idLine(f.id2), idLine(f.id3), idLine(f.id4), idLine(f.id5),
    // Record 6: Format(2(I5,I10),2(1X,10A1,I10,I4))
    `${int(f.functionType, 5)}${int(0, 10)}${int(0, 5)}${int(0, 10)} ${text('NONE', 10)}${int(f.node, 10)}${int(f.direction, 4)} ${text('NONE', 10)}${int(f.refNode, 10)}${int(f.refDirection, 4)}`,
    // Record 7: Format(3I10,3E13.5)
    `${int(type, 10)}${int(count, 10)}${int(f.even ? 1 : 0, 10)}${fortranE(f.even ? f.min : 0, 13, 12)}${fortranE(f.even ? f.step : 0, 13, 12)}${fortranE(0, 13, 5)}`,
    axisRecord(...f.abscissa), axisRecord(...f.ordinate), axisRecord(...(f.denominator ?? [0, '', ''])), axisRecord(0, '', ''),
  ];
  if (binary) {
    const bytes = new Uint8Array(values.length * bytesPer);
    const view = new DataView(bytes.buffer);
    if (single) values.forEach((v, k) => view.setFloat32(4 * k, v, true));
    else values.forEach((v, k) => view.setFloat64(8 * k, v, true));
    return { head, bytes };
  }
  // Record 12 (table of record 12): cases 1-4 (single) 6E13.5, case 5/7 4E20.12, case 6
  // 2(E13.5,E20.12), case 8 E13.5,2E20.12
  const widths = single ? [13, 13, 13, 13, 13, 13] : f.even ? [20, 20, 20, 20] : f.complex ? [13, 20, 20] : [13, 20, 13, 20];
  const lines = [];
  for (let k = 0; k < values.length; k += widths.length) {
    lines.push(widths.slice(0, values.length - k).map((w, j) => fortranE(values[k + j], w, w === 20 ? 12 : 5)).join(''));
  }
  return [...head, ...lines, int(-1, 6)];
}

/** Evenly spaced (within 1e-9 of the step): {even, min, step}. */
function spacing(x) {
  const n = x.length;
  const step = n > 1 ? (x[n - 1] - x[0]) / (n - 1) : 0;
  const even = n > 1 && step > 0 && Array.prototype.every.call(x, (v, i) => Math.abs(v - (x[0] + i * step)) <= 1e-9 * step);
  return { even, min: x[0], step };
}

const column = (m, j) => Float64Array.from({ length: m.rows }, (_, i) => m.data[i * m.cols + j]);

/** The records of a time-series spec (see writeUff58). */
function timeRecords(spec) {
  const { u, y } = spec;
  const h = spec.h ?? (spec.t ? (spec.t[spec.t.length - 1] - spec.t[0]) / (spec.t.length - 1) : undefined);
  if (!(h > 0) || !Number.isFinite(h)) throw bad(`writeUff58: a time series needs the sampling period h > 0, got ${h}`);
  const t0 = spec.t0 ?? spec.t?.[0] ?? 0;
  const names = spec.columns ?? {};
  const kinds = Array.from({ length: y.cols }, (_, j) => {
    const given = Array.isArray(spec.outputs) ? spec.outputs[j] : spec.outputs;
    return given ?? BY_PREFIX[names.outputs?.[j]?.[0]] ?? 'displacement';
  });
  for (const k of kinds) if (!RESPONSES[k]) throw bad(`writeUff58: output kind '${k}' must be displacement, velocity or acceleration`);
  const common = { functionType: 1, refNode: 0, refDirection: 0, complex: false, even: true, min: t0, step: h, abscissa: [17, 'Time', 's'], id2: spec.id2, id3: spec.date, id4: spec.id4, id5: spec.id5 };
  if (spec.channels?.inputs) {
    // the channels' names, quantities and units (wasm/channel-labels.js resultChannels)
    const record = (c, k, m) => ({ ...common, id1: channelLabel(c), ...uffPoint(c, k), re: column(m, k), ordinate: uffAxis(c) });
    return [...spec.channels.inputs.map((c, k) => record(c, k, u)), ...spec.channels.outputs.map((c, j) => record(c, j, y))];
  }
  const inputs = Array.from({ length: u.cols }, (_, k) => ({
    ...common, id1: `${names.inputs?.[k] ?? `u${k + 1}`} force`, node: spec.inputNodes?.[k] ?? k + 1, direction: 1,
    re: column(u, k), ordinate: [13, 'Force', 'N'],
  }));
  const outputs = kinds.map((kind, j) => ({
    ...common, id1: `${names.outputs?.[j] ?? `${RESPONSES[kind].prefix}${j + 1}`} ${kind}`, node: spec.outputNodes?.[j] ?? j + 1, direction: 1,
    re: column(y, j), ordinate: [RESPONSES[kind].type, kind[0].toUpperCase() + kind.slice(1), RESPONSES[kind].units],
  }));
  return [...inputs, ...outputs];
}

/** The records of an FRF spec (see writeUff58). */
function frfRecords(spec) {
  const freq = Float64Array.from(spec.freq_hz);
  const grid = spacing(freq);
  const kinds = spec.H.map((_, i) => (Array.isArray(spec.response) ? spec.response[i] : spec.response) ?? 'displacement');
  const named = spec.channels?.inputs ? spec.channels : undefined;  // {inputs, outputs} of wasm/channel-labels.js resultChannels: names, quantities, units
  if (!named) for (const kind of kinds) if (!RESPONSES[kind]) throw bad(`writeUff58: response kind '${kind}' must be displacement, velocity or acceleration`);
  const records = [];
  spec.H.forEach((row, i) => row.forEach((h, k) => {
    const kind = kinds[i];
    if (h.length !== freq.length) throw bad(`writeUff58: H[${i}][${k}] has ${h.length} values for ${freq.length} frequencies`);
    const [outChannel, inChannel] = [named?.outputs[i], named?.inputs[k]];
    const out = spec.outputs?.[i] ?? uffPoint(outChannel, i);
    const input = spec.inputs?.[k] ?? uffPoint(inChannel, k);
    records.push({
      functionType: 4, id1: named ? frfLabel(outChannel, inChannel) : `H${i + 1},${k + 1} ${kind}/force`, id2: spec.id2, id3: spec.date, id4: spec.id4, id5: spec.id5,
      node: out.node, direction: out.direction ?? 1, refNode: input.node, refDirection: input.direction ?? 1,
      complex: true, ...grid, x: freq, re: Float64Array.from(h, (c) => c[0]), im: Float64Array.from(h, (c) => c[1]),
      abscissa: [18, 'Frequency', 'Hz'],
      ordinate: named ? uffAxis(outChannel) : [RESPONSES[kind].type, kind[0].toUpperCase() + kind.slice(1), RESPONSES[kind].units],
      denominator: named ? uffAxis(inChannel) : [13, 'Force', 'N'],
    });
  }));
  return records;
}

/**
 * Dataset 58 records of a time series or of FRFs, as ASCII text (double precision: record 12
 * 4E20.12) or, with binary: true, as the bytes of 58b records (IEEE 754 doubles, little endian);
 * precision: 'single' writes ordinate types 2/5 (record 12 6E13.5: 6 significant digits; 58b
 * 4-byte floats) as many acquisition systems do.
 *
 * {kind: 'time', h (or t), t0 = 0, u, y: {rows, cols, data} row-major (N samples × channels),
 *  columns?: {inputs, outputs} (names: q/v/a give the output kinds), channels?: {inputs, outputs}
 *  (wasm/channel-labels.js resultChannels: names in the ID lines and axis labels, quantities and units
 *  in records 9, nodes and directions where a universal file gave them), outputs?: kind or [kind per
 *  column] ('displacement' | 'velocity' | 'acceleration'), inputNodes?, outputNodes?}: one record
 *  per column, function type 1; inputs at nodes 1..k as excitation force (record 9 type 13, N),
 *  outputs at nodes 1..n, direction +X (1). A dataset from the CSV reader is such a spec.
 * {kind: 'frf', freq_hz, H: [output][input] [[re, im], ...], response = 'displacement' (or one per output),
 *  outputs?: [{node, direction}], inputs?: [...], channels?: {inputs, outputs} as for a time series
 *  (records 9 and 10 from the output's and the input's quantity and unit)}: one record per (output, input), function
 *  type 4, complex double, response node/direction the output's, reference the input's.
 * Record 7 stores the abscissa minimum and increment in 13 columns (7 significant digits here).
 */
export function writeUff58(spec, { binary = false, precision = 'double' } = {}) {
  const records = spec.kind === 'time' ? timeRecords(spec) : spec.kind === 'frf' ? frfRecords(spec) : null;
  if (!records) throw bad(`writeUff58: kind must be 'time' or 'frf', got ${spec.kind}`);
  if (precision !== 'double' && precision !== 'single') throw bad(`writeUff58: precision must be 'double' or 'single', got ${precision}`);
  const single = precision === 'single';
  if (!binary) return `${records.map((f) => dataset58(f, false, single).join('\n')).join('\n')}\n`;
  const parts = [];
  const encoder = new TextEncoder();
  for (const f of records) {
    const { head, bytes } = dataset58(f, true, single);
    parts.push(encoder.encode(`${head.join('\n')}\n`), bytes, encoder.encode(`${int(-1, 6)}\n`));
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** A shape entry as [re, im]: a number (a real mode) or a pair. */
const complexOf = (v) => (typeof v === 'number' ? [v, 0] : [v[0], v[1]]);

/**
 * Modes as dataset 55 records (data at nodes), one per mode: [{freq_hz, zeta, shape, pole?}]
 * with shape[j] a number (real mode, as mechid's modal result) or [re, im] per sensor.
 * Real shapes: analysis type 2 "normal mode", record 8 = frequency (Hz), modal mass (1: the
 * shapes are mass-normalised), viscous damping ratio, hysteretic damping ratio 0. Complex
 * shapes (or complex: true): analysis type 3 "complex eigenvalue first order", record 8 = the
 * eigenvalue λ = the mode's `pole` [re, im] in rad/s as the core computed it (modes', oma's; `eigenvalue`,
 * modal's, is read too), modal A and B 0. The writer only formats: it computes no number.
 * Each sensor j is node nodes[j] (default j + 1) with a 3 DOF translation vector whose component
 * `direction` (1 X, 2 Y, 3 Z) holds the value, the others 0 (note 15: reduced DOF sets).
 * channels: [{name, unit, node?}] of the sensors (wasm/channel-labels.js resultChannels' outputs):
 * ID line 4 "1 Accel wing [g]; 2 ..." (cut at 80 columns) and, unless `nodes` is given, the nodes
 * a universal file gave them.
 * Record 8 holds 6E13.5: frequency and damping round to about 7 significant digits.
 */
export function writeUff55(modes, { nodes, direction = 1, complex, id1 = 'mechid modes', id2, date, id4, channels } = {}) {
  if (!Array.isArray(modes) || modes.length === 0) throw bad('writeUff55: modes must be a non-empty array');
  if (![1, 2, 3].includes(direction)) throw bad(`writeUff55: direction must be 1 (X), 2 (Y) or 3 (Z), got ${direction}`);
  // channels (the outputs of wasm/channel-labels.js resultChannels): the sensors' names and units
  // in ID line 4, their nodes where a universal file gave them
  if (channels) {
    nodes ??= channels.map((c, j) => uffPoint(c, j).node);
    id4 ??= channels.map((c, j) => `${nodes[j]} ${channelLabel(c)}`).join('; ');
  }
  const isComplex = complex ?? modes.some((m) => m.shape.some((v) => typeof v !== 'number' && v[1] !== 0));
  const lines = [];
  modes.forEach((mode, m) => {
    const { freq_hz: f, zeta = 0 } = mode;
    if (!(f >= 0) || !Number.isFinite(f) || !Number.isFinite(zeta)) throw bad(`writeUff55: mode ${m + 1} has frequency ${f} Hz and damping ratio ${zeta}`);
    const e = (x) => fortranE(x, 13, 12);
    lines.push(int(-1, 6), int(55, 6), idLine(id1), idLine(id2), idLine(date), idLine(id4), idLine(`Mode ${m + 1}`));
    // Record 6 (6I10): structural model, analysis type, 3 DOF translation, displacement, data type, NDV 3
    lines.push(`${int(1, 10)}${int(isComplex ? 3 : 2, 10)}${int(2, 10)}${int(8, 10)}${int(isComplex ? 5 : 2, 10)}${int(3, 10)}`);
    if (isComplex) {
      const pole = mode.pole ?? mode.eigenvalue;  // the core's λ: modes' and oma's `pole`, modal's `eigenvalue`
      if (!Array.isArray(pole) || !pole.every(Number.isFinite)) throw bad(`writeUff55: mode ${m + 1} has no pole [re, im] (the core's pole or eigenvalue)`);
      const [re, im] = pole;
      lines.push(`${int(2, 10)}${int(6, 10)}${int(1, 10)}${int(m + 1, 10)}`, [re, im, 0, 0, 0, 0].map(e).join(''));
    } else {
      lines.push(`${int(2, 10)}${int(4, 10)}${int(1, 10)}${int(m + 1, 10)}`, [f, 1, zeta, 0].map(e).join(''));
    }
    mode.shape.forEach((v, j) => {
      const [re, im] = complexOf(v);
      const vector = [0, 0, 0].map((_, c) => (c === direction - 1 ? [re, im] : [0, 0]));
      lines.push(int(nodes?.[j] ?? j + 1, 10), vector.flatMap((c) => (isComplex ? c : [c[0]])).map(e).join(''));
    });
    lines.push(int(-1, 6));
  });
  return `${lines.join('\n')}\n`;
}
