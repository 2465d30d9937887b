// The channels of a MATLAB file's variables, for both of its containers (MAT v5 in mat.js, v7.3
// HDF5 in mat73.js): the readers turn each variable into {name, kind, dims, re, im?, text?} and this
// file alone decides what becomes a channel, a parameter or a note, so that v5 and v7.3 files with
// the same variables read into the same Recording (wasm/recording.js).
//
// Rules (issue 49): a vector is one channel named after the variable; a matrix gives one channel
// per row or per column along its long dimension ("Var(1)", "Var(2)", ...; columns when square,
// MATLAB's convention of one signal per column); a scalar is a parameter; a scalar named like a
// sample rate (Fs, SampleRate, sampling_frequency, ...) or a sample period (Ts, dt, h) gives every
// channel its sample spacing h; a vector named t, time or Time as long as the other channels is
// their time axis (quantity 'time'). Text, cells, sparse matrices, objects and arrays of more than
// two dimensions are not channels: each is one note saying why.
import { badInput, quoted } from './errors.js';
import { quantityOf } from './recording.js';

const RATE = /^(fs|samplerate|sample_rate|samplingrate|sampling_rate|samplingfrequency|sampling_frequency|srate)$/i;
const PERIOD = /^(ts|dt|h|sampleperiod|sample_period|samplingperiod|sampling_period|sampling_interval)$/i;
const TIME = /^(t|time)$/i;
/** Notes kept of one file (what was skipped and why). */
const MAX_NOTES = 50;

/** The one line of a variable's refusal or note: "variable 'x'". */
export const variableName = (name) => `variable ${quoted(name)}`;

// The first non-finite sample of `values`, or -1.
function firstNonFinite(values) {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return i;
  return -1;
}

// A channel's samples checked finite: NaN/Inf refused with the variable and sample that hold it.
function finiteChannel(source, name, values, part = '') {
  const i = firstNonFinite(values);
  if (i >= 0) throw badInput(`${source}: ${variableName(name)}${part} sample ${i + 1} is ${values[i]}: a record must hold finite numbers (replace or cut the gap)`);
  return values;
}

// The channels of one numeric variable: a vector is one, a matrix one per row or column along its
// long dimension (column-major storage: element (i, j) at i + j·rows; a column is a view, no copy).
function numericChannels(v) {
  const [rows, cols] = v.dims;
  if (rows === 1 || cols === 1) return [{ name: v.name, re: v.re, im: v.im }];
  const byRow = cols > rows;  // 3×N: a channel per row; N×3 (and square): per column
  const take = (array, k) => {
    if (!array) return undefined;
    if (!byRow) return array.subarray(k * rows, (k + 1) * rows);
    const out = new Float64Array(cols);
    for (let i = 0; i < cols; i++) out[i] = array[k + i * rows];
    return out;
  };
  return Array.from({ length: byRow ? rows : cols }, (_, k) => ({ name: `${v.name}(${k + 1})`, re: take(v.re, k), im: take(v.im, k) }));
}

/**
 * The Recording of a MATLAB file's variables [{name, kind: 'numeric'|'char'|'cell'|'sparse'|
 * 'struct'|'object'|'other', dims, re?: Float64Array, im?: Float64Array, text?, why?}] (structs
 * already flattened one level into "s.field"), with the container's notes; `variant` 'v5'/'v7.3'.
 */
export function matRecording(variables, { source, variant, notes = [] }) {
  const parameters = {};
  const out = [...notes];
  const pieces = [];  // channel pieces before the time axis and h are known
  for (const v of variables) {
    const numel = v.dims.reduce((a, b) => a * b, 1);
    const label = variableName(v.name);
    if (v.kind === 'char') {
      out.push(`${label} is text "${quoted(v.text ?? '')}": kept as a note, not a channel`);
    } else if (v.kind !== 'numeric') {
      out.push(`${label} ${v.why ?? `is a ${v.kind}: not read`}`);
    } else if (numel === 0) {
      out.push(`${label} is empty (${v.dims.join('×')}): not read`);
    } else if (numel === 1) {
      if (v.im && v.im[0] !== 0) out.push(`${label} is a complex scalar: not kept as a parameter`);
      else if (!Number.isFinite(v.re[0])) out.push(`${label} is ${v.re[0]}: not kept as a parameter`);
      else parameters[v.name] = v.re[0];
    } else if (v.dims.filter((d) => d > 1).length > 2) {
      out.push(`${label} has ${v.dims.length} dimensions (${v.dims.join('×')}): only vectors and matrices are read`);
    } else {
      const dims = v.dims.filter((d, i) => d > 1 || i < 2);
      for (const c of numericChannels({ ...v, dims: dims.length >= 2 ? dims : [dims[0], 1] })) pieces.push(c);
    }
  }
  // The time axis: a vector named t/time as long as the most common length of the others.
  const lengths = new Map();
  for (const p of pieces) if (!TIME.test(p.name)) lengths.set(p.re.length, (lengths.get(p.re.length) ?? 0) + 1);
  const common = [...lengths].sort((a, b) => b[1] - a[1])[0]?.[0];
  const spacing = spacingOf(parameters, out);
  const channels = pieces.map((p) => {
    finiteChannel(source, p.name, p.re);
    if (p.im) finiteChannel(source, p.name, p.im, ' (imaginary part)');
    const isTime = TIME.test(p.name) && !p.im && (common === undefined || p.re.length === common);
    if (TIME.test(p.name) && !isTime) out.push(`${variableName(p.name)} has ${p.re.length} samples where the other channels have ${common}: not taken as their time axis`);
    const channel = { name: p.name, quantity: isTime ? 'time' : quantityOf(p.name, ''), unit: isTime ? 's' : '', values: p.re };
    if (p.im) channel.imag = p.im;
    if (spacing !== undefined && !isTime) channel.h = spacing;
    return channel;
  });
  if (!channels.length) {
    throw badInput(`${source}: no variable of this MATLAB file is a vector or matrix of numbers${out.length ? ` (${out.slice(0, 3).join('; ')})` : ''}`);
  }
  // A file of 10^5 skipped variables says so in a bounded list.
  const notesKept = out.length > MAX_NOTES ? [...out.slice(0, MAX_NOTES), `and ${out.length - MAX_NOTES} more notes like these`] : out;
  return { format: 'mat', variant, channels, parameters, notes: notesKept };
}

// The sample spacing stated by a scalar named like a sample rate or period (the first one), with
// a note saying which; undefined when none is.
function spacingOf(parameters, notes) {
  for (const [name, value] of Object.entries(parameters)) {
    // A spacing must be a positive finite number: a rate of 1e-320 Hz would give h = Infinity.
    if (RATE.test(name) && value > 0 && Number.isFinite(1 / value)) {
      notes.push(`sample spacing h = 1/${name} = ${1 / value} s, from the scalar ${quoted(name)} = ${value} Hz`);
      return 1 / value;
    }
    if (PERIOD.test(name) && value > 0) {
      notes.push(`sample spacing h = ${value} s, from the scalar ${quoted(name)}`);
      return value;
    }
  }
  return undefined;
}
