// The one interface of every file reader (text, universal file, MAT, WAV, TDMS, LVM): a file read
// into named channels with what the file states about them. Readers only read; choosing the
// time, input and output channels (recordingToDataset) and summarising a file (inspectRecording)
// happen once, here, for every format, in the CLI and in the page's worker alike.
//
// @typedef {object} Channel
// @property {string} name          as the file names it: a CSV header cell without its unit ("Time (s)"
//                                  → "Time"), a MAT variable ("Force"; a matrix's rows or columns
//                                  along its long dimension "Acceleration(2)"; a struct field
//                                  "s.x"), a UFF record "a1", a WAV channel "channel 1", a TDMS
//                                  "group/channel"
// @property {string} quantity      one of QUANTITIES: what the file states, else quantityOf(name, unit)
// @property {string} unit          as the file states it ("N", "m/s^2", "V"); "" when it does not
// @property {Float64Array|Float32Array|Int8Array|Int16Array|Int32Array|Uint8Array|Uint16Array|Uint32Array} values
//                                  the samples (real parts of a complex record), or with `polynomial`
//                                  the file's raw numbers standing for them; Float32Array where they
//                                  are exactly single precision (WAV float32, TDMS SGL): half the
//                                  memory; read them as numbers through channelSamples/channelSlice;
//                                  recordingToDataset makes doubles of the chosen channels
// @property {number[]} [polynomial]  when given, sample i is Σ_k polynomial[k]·values[i]^k, computed
//                                  in double by Horner's rule (polynomialAt): WAV PCM [0, 2^-(b-1)],
//                                  the file's integers over full scale, exactly; TDMS integers
//                                  [0, 1], and the linear or polynomial scale NI writes beside raw
//                                  data (a DAQmx channel's), the same doubles as applying it at once.
//                                  The integers stay in 1, 2 or 4 bytes a sample where doubles take
//                                  8 (issue 56 item 7); real channels only
// @property {Float64Array} [imag]  imaginary parts of a complex record (FRF, spectrum)
// @property {number} [h]           sample spacing stated by the file (s; Hz for a frequency axis)
// @property {number} [start]       abscissa of the first sample (s or Hz), 0 when not stated
// @property {string} [axis]        'time' (default) or 'frequency'
// @property {object} [meta]        what a format adds (UFF node, direction, record; TDMS group),
//                                  shown by inspect as it is
//
// @typedef {object} Recording
// @property {string} format        'text', 'uff', 'mat', 'wav', 'tdms', 'lvm'
// @property {string} [variant]     the dialect or version read: 'csv', 'semicolon', 'tab', 'spaces',
//                                  'v5', 'v7.3', '58b', 'pcm16', 'float32', ...
// @property {Channel[]} channels   in file order
// @property {Object<string, number>} parameters  named scalars (MAT scalars such as Fs, numeric
//                                  TDMS properties, LVM header values)
// @property {Object<string, number>} [datasets]  universal file: dataset type → count (every one
//                                  found, read or not)
// @property {{nodes: number, lines: number, elements: number}} [geometry]
// @property {string[]} notes       what was skipped and why, one sentence each
// @property {(i: number) => string} [where]  where sample i (0-based) is in the file, for messages
//                                  ("line 17"); default "sample i+1"

import { badInput, describeHeader, listNames, quoted } from './errors.js';
import { MAX_TIME_JITTER, printedResolution, uniformGrid, uniformTime } from './time-grid.js';

/** What a channel holds (inspect's `quantity`; identify's inputs are forces, outputs one response kind). */
export const QUANTITIES = ['time', 'force', 'displacement', 'velocity', 'acceleration', 'voltage', 'other'];

/** The sample a raw number x stands for under a channel's `polynomial` p: Σ_k p[k]·x^k by Horner's rule. */
export function polynomialAt(p, x) {
  let y = 0;
  for (let k = p.length - 1; k >= 0; k--) y = y * x + p[k];
  return y;
}

/**
 * Samples start..end-1 of a channel as numbers, in a new array: a copy of its floats, or (raw
 * numbers with a polynomial) a Float64Array of the samples they stand for. For previews: a few
 * thousand samples.
 */
export function channelSlice(c, start = 0, end = c.values.length) {
  if (c.polynomial === undefined) return c.values.slice(start, end);
  const part = c.values.subarray(start, end), out = new Float64Array(part.length);
  for (let i = 0; i < part.length; i++) out[i] = polynomialAt(c.polynomial, part[i]);
  return out;
}

/** A channel's samples as numbers: its own floats (no copy), else channelSlice of them all (a copy). */
export const channelSamples = (c) => (c.polynomial === undefined ? c.values : channelSlice(c));


// Units of each quantity as files write them (SI and the common others; case matters only where
// it must: mm, Mm). The exponent may be ^2, 2, ², **2; 'g' is a standard gravity.
const LENGTH = '(?:m|mm|cm|um|µm|μm|nm|in|ft|mil|counts?|cnt|rad|deg|°)';
const UNIT_RULES = [
  ['time', /^(?:s|sec|ms|µs|us|μs|min|h)$/],
  ['force', /^(?:N|kN|mN|lbf|lb|kgf|kip)$/i],
  ['acceleration', new RegExp(`^(?:${LENGTH}\\s*/\\s*(?:s|sec)\\s*(?:\\^\\s*2|2|²|\\*\\*\\s*2)|${LENGTH}\\s*/\\s*(?:s|sec)\\s*/\\s*(?:s|sec)|${LENGTH}\\s*(?:s|sec)\\s*(?:\\^\\s*-\\s*2|-2|⁻²)|g|g0|gn|mg)$`, 'i')],
  ['velocity', new RegExp(`^(?:${LENGTH}\\s*/\\s*(?:s|sec)|${LENGTH}\\s*(?:s|sec)\\s*(?:\\^\\s*-\\s*1|-1|⁻¹)|rpm)$`, 'i')],
  ['displacement', new RegExp(`^${LENGTH}$`, 'i')],
  ['voltage', /^(?:V|mV|µV|uV|μV|kV)$/],
];

// Names that say what a column is: the numbered names of mechid's CSVs (t, u1, q1, v1, a1) and
// the words of lab and phone exports ("Time", "Force", "Acceleration x", "vel", "Position").
const NAME_RULES = [
  ['time', /^(?:t|time|times|zeit|temps|tiempo|x_value|timestamp|seconds?)$/i],
  ['force', /^(?:u\d+|force.*|.*\bforce\b.*|load(?:\s*cell)?.*|.*\bload\b.*|excitation.*|tau.*|torque.*|effort.*)$/i],
  ['acceleration', /^(?:a\d+|acc.*|.*\bacc(?:el(?:eration)?)?\b.*|.*accelerometer.*)$/i],
  ['velocity', /^(?:v\d+|vel.*|.*\bvel(?:ocity)?\b.*|speed.*)$/i],
  ['displacement', /^(?:q\d+|disp.*|.*\bdisp(?:lacement)?\b.*|pos.*|.*\bposition\b.*|encoder.*|.*\bencoder\b.*)$/i],
  ['voltage', /^(?:volt.*|.*\bvoltage\b.*)$/i],
];

/**
 * What a channel holds, from its unit when the unit says (N → force, m/s^2 or g → acceleration,
 * m/s → velocity, m or counts → displacement, V → voltage, s → time), else from its name (t, u1,
 * q1, v1, a1, "Time", "Force", "Acceleration x", ...), else 'other'. The one rule of every reader.
 */
export function quantityOf(name, unit = '') {
  const u = String(unit ?? '').trim();
  if (u !== '') {
    const byUnit = UNIT_RULES.find(([, re]) => re.test(u));
    if (byUnit) return byUnit[0];
  }
  const n = String(name ?? '').trim();
  return NAME_RULES.find(([, re]) => re.test(n))?.[0] ?? 'other';
}

/** The response quantities in the order a default prefers them (displacement first, as identify's default). */
const RESPONSES = ['displacement', 'velocity', 'acceleration'];
// The longest sampling period a record may state: one sample per 31.7 years (1e300 s passed
// before, as "the initial model's prediction is unstable"). Times in microseconds still fit.
const MAX_RECORD_STEP = 1e9;

const PLURAL = { displacement: 'displacements', velocity: 'velocities', acceleration: 'accelerations' };

// "the file has t, u1, q1" for a message about a missing channel, with what a text file's names
// suggest: none (its first row is numbers), or one column (a delimiter none of , ; tab or blanks).
function theFileHas(recording, names) {
  const has = `the file has ${describeHeader(names)}`;
  if (names.length > 0 && names.every((n, k) => n === `column ${k + 1}`)) return `${has} (no header row names the columns: add one naming them t, u1, .., q1, ..)`;
  if (names.length === 1 && recording.format === 'text') return `${has} (one column: the delimiter is none of , ; tab or blanks)`;
  return has;
}

// Where sample i is in the file, for messages: the reader's `where` ("line 17"), else "sample 17".
const whereOf = (recording) => recording.where ?? ((i) => `sample ${i + 1}`);

// The channels of `names` (each named once in the recording and chosen once), in that order.
function pick(byName, names, source, role, all) {
  return names.map((name) => {
    const channel = byName.get(name);
    if (!channel) throw badInput(`${source}: no ${role} channel ${quoted(name)}; the file has ${listNames(all)}`);
    return channel;
  });
}

// Refuses a chosen name that several channels carry, or a channel chosen twice.
function checkUnique(channels, chosen, source) {
  const seen = new Set();
  for (const name of chosen) {
    const at = channels.flatMap((c, k) => (c.name === name ? [String(k + 1)] : []));
    if (at.length > 1) throw badInput(`${source}: channel ${quoted(name)} appears ${at.length} times (channels ${listNames(at)}); rename the columns so that each name is used once`);
    if (seen.has(name)) throw badInput(`${source}: channel ${quoted(name)} is chosen twice (time, input or output): choose each channel once`);
    seen.add(name);
  }
}

// Names numbered like prefix1, prefix2, ... in the order of their numbers.
const numbered = (names, prefix) => names.filter((n) => new RegExp(`^${prefix}\\d+$`).test(n))
  .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));

/** The letter of the output columns of each kind of response: q1.. displacements, v1.. velocities, a1.. accelerations. */
export const OUTPUT_PREFIXES = { displacement: 'q', velocity: 'v', acceleration: 'a' };

/** The names of the default output columns of the kind `outputs` ('displacement', 'velocity', 'acceleration'): q1.., v1.., a1... */
export const outputColumnPattern = (outputs) => new RegExp(`^${OUTPUT_PREFIXES[outputs]}\\d+$`);

/**
 * The one rule for the output columns of a record when none are named (CSV and universal file, CLI
 * and page): the columns of the response kind `outputs` in the order of their numbers (identify's
 * --outputs displacement: q1.., acceleration: a1..); with `outputs` 'any' (frf, modes, which read
 * each column's kind from its name), those of the first kind present among q, v, a (a structure
 * is usually measured by one kind of sensor). [] when there are none.
 */
export function defaultOutputColumns(names, outputs) {
  const prefixes = outputs === 'any' ? Object.values(OUTPUT_PREFIXES) : [OUTPUT_PREFIXES[outputs]];
  if (prefixes[0] === undefined) throw badInput(`outputs must be one of ${Object.keys(OUTPUT_PREFIXES).join(', ')}, got '${quoted(outputs)}'`);
  for (const prefix of prefixes) {
    const found = numbered(names, prefix);
    if (found.length > 0) return found;
  }
  return [];
}

/** The time channel when none is named: t, else the first channel of quantity time (undefined: none). */
export const defaultTime = (channels) => (channels.some((c) => c.name === 't') ? 't' : channels.find((c) => c.quantity === 'time')?.name);

/** The input channels when none are named: u1, u2, ..., else the channels of quantity force. */
export function defaultInputs(channels) {
  const byNumber = numbered(channels.map((c) => c.name), 'u');
  return byNumber.length ? byNumber : channels.filter((c) => c.quantity === 'force').map((c) => c.name);
}

/**
 * The output channels when none are named, and their kind: with `outputs` given, the channels
 * named like it (q1.., v1.., a1..: defaultOutputColumns) or else those whose quantity it
 * is; without it, the displacements, or else the one response quantity the file holds (the file
 * decides --outputs when it can). {names, kind}; names [] when there are none.
 */
export function defaultOutputs(channels, outputs) {
  const names = channels.map((c) => c.name);
  const ofKind = (kind) => {
    const byName = defaultOutputColumns(names, kind);
    return byName.length ? byName : channels.filter((c) => c.quantity === kind).map((c) => c.name);
  };
  if (outputs !== undefined && outputs !== 'any') return { names: ofKind(outputs), kind: outputs };
  const present = RESPONSES.filter((kind) => ofKind(kind).length > 0);
  if (outputs === 'any' || present.length <= 1 || present[0] === 'displacement') {
    const kind = present[0] ?? 'displacement';
    return { names: ofKind(kind), kind };
  }
  return { names: [], kind: undefined, ambiguous: present };
}

/**
 * The refusal of a record without a force channel. When every other channel is a response the
 * record is output-only (ambient or operational vibration, a phone's accelerometer): the message
 * says so, since no choice of columns makes it an input-output record; the error carries
 * `advice: 'output_only'` (issue 50's code) for the page. Otherwise the inputs are to be chosen
 * (`fileHas`: theFileHas, what the file holds).
 */
function noForce(source, channels, fileHas) {
  const responses = channels.filter((c) => RESPONSES.includes(c.quantity));
  const names = listNames(channels.map((c) => c.name));
  if (responses.length === 0 || responses.length < channels.length) {
    return badInput(`${source}: no force channel (u1, u2, ... or a channel in N); ${fileHas}: choose the inputs (--input-cols)`);
  }
  const kinds = [...new Set(responses.map((c) => PLURAL[c.quantity]))].join(' and ');
  const error = badInput(`${source}: the record holds responses only (${names}: ${kinds}) and no force: identification and modes in a band need the force that drove the motion; output-only modal analysis needs no force (mechid oma; if one channel is the force, choose it with --input-cols)`);
  error.advice = 'output_only';
  return error;
}

// Samples as doubles: the array itself when it holds doubles (no copy), else a copy.
const doubles = (values) => (values instanceof Float64Array ? values : Float64Array.from(values));

/**
 * The dataset identify takes from a recording: {h, t, u, y, columns: {time, inputs, outputs},
 * outputs (the response kind), channels (name, quantity, unit of those used), format, variant,
 * warnings}; u and y row-major {rows, cols, data}, or with byColumn {rows, cols, columns} (the
 * channels' own arrays). mapping {source, timeCol, inputCols, outputCols, outputs, h, resample,
 * byColumn}: channels chosen by name; by default the time channel t (or
 * the first of quantity time), the forces u1.. (or the channels of quantity force) and the
 * outputs of defaultOutputs. Sample spacing: the time channel's (uniform within MAX_TIME_JITTER,
 * or linearly resampled when `resample`), else the one the chosen channels state, else mapping.h.
 */
export function recordingToDataset(recording, mapping = {}) {
  const { source = 'file', timeCol, inputCols, outputCols, outputs, h, resample = false, byColumn = false } = mapping;
  if (h !== undefined && !(typeof h === 'number' && h > 0 && Number.isFinite(h))) {
    throw badInput(`h must be a positive number of seconds, got ${h}`);
  }
  const timeSeries = recording.channels.filter((c) => (c.axis ?? 'time') === 'time');
  if (timeSeries.length === 0) throw badInput(`${source}: no time series in the file (${recording.notes?.[0] ?? 'its channels are spectra or FRFs'})`);
  const names = timeSeries.map((c) => c.name);
  const byName = new Map(timeSeries.map((c) => [c.name, c]));
  const where = whereOf(recording);

  const time = timeCol ?? defaultTime(timeSeries);
  const inputs = inputCols ?? defaultInputs(timeSeries);
  const chosenOutputs = outputCols ? { names: outputCols, kind: outputs } : defaultOutputs(timeSeries.filter((c) => c.name !== time), outputs);
  if (inputs.length === 0 && inputCols === undefined) throw noForce(source, timeSeries.filter((c) => c.name !== time), theFileHas(recording, names));
  if (chosenOutputs.ambiguous) {
    throw badInput(`${source}: the responses are ${chosenOutputs.ambiguous.map((k) => PLURAL[k]).join(' and ')}: say which kind the outputs are (--outputs) or choose them (--output-cols)`);
  }
  if (chosenOutputs.names.length === 0) {
    const kind = chosenOutputs.kind ?? 'displacement';
    throw badInput(`${source}: no ${kind} channel (${OUTPUT_PREFIXES[kind]}1, ${OUTPUT_PREFIXES[kind]}2, ... or a channel in ${kind === 'acceleration' ? 'm/s^2' : kind === 'velocity' ? 'm/s' : 'm'}); ${theFileHas(recording, names)}: choose the outputs (--output-cols) or their kind (--outputs)`);
  }
  checkUnique(recording.channels, [time, ...inputs, ...chosenOutputs.names].filter((n) => n !== undefined), source);
  const timeChannel = time === undefined ? undefined : pick(byName, [time], source, 'time', names)[0];
  const inputChannels = pick(byName, inputs, source, 'input', names);
  const outputChannels = pick(byName, chosenOutputs.names, source, 'output', names);
  const used = [...inputChannels, ...outputChannels];

  const N = (timeChannel ?? used[0]).values.length;
  for (const c of [timeChannel, ...used].filter(Boolean)) {
    if (c.imag) throw badInput(`${source}: channel ${quoted(c.name)} is complex (a spectrum or FRF), not a time series`);
    if (c.values.length !== N) {
      throw badInput(`${source}: channel ${quoted(c.name)} has ${c.values.length} samples but ${quoted((timeChannel ?? used[0]).name)} has ${N}; the channels of one record must have equal lengths`);
    }
    const bad = c.values.findIndex((x) => !Number.isFinite(x));
    if (bad >= 0) throw badInput(`${source}: ${where(bad)}, channel ${quoted(c.name)}: ${c.values[bad]} is not a finite number`);
  }
  if (N < 3) throw badInput(`${source}: only ${N} sample${N === 1 ? '' : 's'}; identification needs many more`);

  const warnings = [];
  if (outputCols === undefined) warnings.push(...leftOut(timeSeries, outputChannels, [time, ...inputs], chosenOutputs, source));
  if (outputs === undefined && outputCols === undefined && chosenOutputs.kind !== 'displacement') {
    warnings.push(`the outputs ${listNames(chosenOutputs.names)} are read as ${PLURAL[chosenOutputs.kind]}, as the file states; say otherwise with --outputs`);
  }
  let step, t, at = (values) => values, resampled = false;
  if (timeChannel) {
    const times = doubles(channelSamples(timeChannel));
    const axis = uniformTime(times, {
      source, where, h, resample, timeName: `the time channel ${quoted(time)}`, resampleHint: ' (--resample in the CLI)',
    });
    ({ step, t, at, resampled } = axis);
    warnings.push(...axis.warnings);
  } else {
    const stated = [...new Set(used.map((c) => c.h).filter((x) => x !== undefined))];
    if (stated.length > 1) throw badInput(`${source}: the chosen channels are sampled at different rates (h = ${stated.map((x) => x.toPrecision(6)).join(', ')} s); choose channels of one rate`);
    step = stated[0] ?? h;
    if (step === undefined) throw badInput(`${source}: no time channel 't': give the sampling period h (--h)`);
    if (h !== undefined && Math.abs(h - step) > 1e-6 * step) {
      throw badInput(`${source}: --h ${h} disagrees with the sample spacing the file states (h = ${step.toPrecision(9)})`);
    }
    const start = used[0].start ?? 0;
    t = Float64Array.from({ length: N }, (_, k) => start + k * step);
  }
  if (step > MAX_RECORD_STEP) {
    throw badInput(`${source}: the sampling period is ${step} s (one sample every ${(step / 3.15576e7).toPrecision(3)} years), above ${MAX_RECORD_STEP} s: ` +
      'the time step the file states is wrong (a universal file\'s record 7 field 5, or the time column\'s values or units)');
  }

  // byColumn: u and y as the channels themselves ({rows, cols, columns}, json.js isColumnMatrix):
  // no row-major copy of a long record beside its channels (issue 56 item 7: 48 MB at 10⁶ samples
  // of 3 inputs and 3 outputs, held through identify).
  const matrix = (channels) => {
    if (byColumn) return { rows: N, cols: channels.length, columns: channels.map((c) => doubles(at(channelSamples(c)))) };
    const data = new Float64Array(N * channels.length);
    channels.forEach((c, j) => {
      // Raw numbers are mapped here, as they are copied (no whole channel of floats made first), unless resampled.
      const p = resampled ? undefined : c.polynomial;
      const column = p ? c.values : at(channelSamples(c));
      for (let k = 0; k < N; k++) data[k * channels.length + j] = p ? polynomialAt(p, column[k]) : column[k];
    });
    return { rows: N, cols: channels.length, data };
  };
  return {
    h: step, t, u: matrix(inputChannels), y: matrix(outputChannels),
    columns: { time, inputs, outputs: chosenOutputs.names }, outputs: chosenOutputs.kind,
    channels: used.map(({ name, quantity, unit, meta }) => ({ name, quantity, unit, ...(meta ? { meta } : {}) })),
    format: recording.format, variant: recording.variant, warnings: [...(recording.notes ?? []), ...warnings],
  };
}

// Responses at other degrees of freedom than the outputs chosen by default (displacements at
// nodes 1 and 2, an acceleration at node 3) are said, not dropped in silence (issue 56: the
// acceleration record was left out and the message asked for L). A DOF is a universal file's node
// and direction, else the number in a column's name (q3, a3). Returns the warnings.
function leftOut(timeSeries, outputChannels, taken, chosen, source) {
  const dofOf = (c) => (c.meta?.node !== undefined ? `${c.meta.node}:${c.meta.direction}` : c.name.replace(/^\D+/, ''));
  const covered = new Set(outputChannels.map(dofOf));
  const left = timeSeries.filter((c) => RESPONSES.includes(c.quantity ?? quantityOf(c.name, c.unit)) && !chosen.names.includes(c.name) &&
    !taken.includes(c.name) && !covered.has(dofOf(c)));
  if (left.length === 0) return [];
  const named = left.map((c) => `${c.name} (${c.quantity ?? quantityOf(c.name, c.unit)}${c.meta?.record ? `, record ${c.meta.record}` : ''})`);
  return [`${source}: ${listNames(named)} left out: the outputs are the ${PLURAL[chosen.kind ?? 'displacement']} ${listNames(chosen.names)}, ` +
    `one kind at a time; choose the outputs (--output-cols) to use ${left.length > 1 ? 'them' : 'it'}`];
}

// Smallest and largest of the samples (of the magnitude for a complex channel).
function range(c) {
  let min = Infinity, max = -Infinity;
  const p = c.polynomial;
  for (let i = 0; i < c.values.length; i++) {
    const x = c.imag ? Math.hypot(c.values[i], c.imag[i]) : p ? polynomialAt(p, c.values[i]) : c.values[i];
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return c.values.length ? { min, max } : { min: null, max: null };
}

/**
 * The summary of a file (`mechid inspect`, the page's summary of a dropped file): {format, variant,
 * channels: [{name, quantity, unit, n, h, start, min, max}], datasets, geometry, parameters,
 * notes}. A channel without its own spacing takes the time channel's step when it has the time
 * channel's length (and a note says when that time is uneven).
 */
export function inspectRecording(recording) {
  const notes = [...(recording.notes ?? [])];
  const timeChannel = recording.channels.find((c) => c.name === 't') ?? recording.channels.find((c) => c.quantity === 'time');
  let timeStep;
  if (timeChannel && timeChannel.values.length > 1) {
    const times = channelSamples(timeChannel);
    const grid = uniformGrid(times);
    if (grid.notIncreasingAt === undefined) {
      timeStep = { h: grid.step, start: times[0], n: times.length };
      // uneven as identify judges it (time-grid.js uniformTime): a time printed with few decimals is its grid rounded
      if (grid.worst > MAX_TIME_JITTER * grid.step && grid.worst > printedResolution(times) * (1 + 1e-6)) {
        notes.push(`the time channel ${quoted(timeChannel.name)} is uneven: worst deviation ${grid.worst.toPrecision(3)} s ` +
          `(${(100 * grid.worst / grid.step).toFixed(1)} % of the mean step ${grid.step.toPrecision(4)} s); identify resamples it when asked (--resample)`);
      }
    } else {
      notes.push(`the time channel ${quoted(timeChannel.name)} does not increase at ${whereOf(recording)(grid.notIncreasingAt)}`);
    }
  }
  const channels = recording.channels.map((c) => {
    const fromTime = c.h === undefined && timeStep && c.values.length === timeStep.n;
    return {
      name: c.name, quantity: c.quantity, unit: c.unit ?? '', n: c.values.length,
      h: c.h ?? (fromTime ? timeStep.h : null), start: c.start ?? (fromTime ? timeStep.start : null),
      ...(c.axis && c.axis !== 'time' ? { axis: c.axis } : {}), ...(c.imag ? { complex: true } : {}),
      ...range(c), ...(c.meta ? { meta: c.meta } : {}),
    };
  });
  return {
    format: recording.format, ...(recording.variant ? { variant: recording.variant } : {}), channels,
    ...(recording.datasets ? { datasets: recording.datasets } : {}), ...(recording.geometry ? { geometry: recording.geometry } : {}),
    parameters: recording.parameters ?? {}, notes,
  };
}
