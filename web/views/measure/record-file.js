// A recording as a record like a loaded file (issue 54, item 5): a CSV text with a time column and
// one column per channel named "name (unit)", which every reader of mechid reads back (wasm/text.js:
// the units give the channels' quantities, wasm/recording.js quantityOf), so the recording goes to
// identify, modes and output-only modal analysis by the path of a loaded file, and the CLI reads
// the same bytes (`mechid modes --data recording.csv`). Also its universal file (dataset 58, one
// record per channel: wasm/uff-write.js). The channels are the recorder's samples times their
// calibration factors (units per full scale of the source): the conversion the user stated,
// nothing computed.
import { quantityOf } from '../../gen/recording.js';
import { writeUff58 } from '../../gen/uff-write.js';

/**
 * The recorded channels as written: [{name, unit, quantity, values: Float64Array}] and their time:
 * {h} for an even source (1/rate), {t: Float64Array} (as measured) for an uneven one.
 * channels: [{name, unit, factor}] in the recorder's order; chosen: indexes of the channels kept.
 */
export function calibrated(recorder, channels, chosen = channels.map((_, k) => k)) {
  const out = chosen.map((k) => {
    const { name, unit = '', factor = 1 } = channels[k];
    const raw = recorder.channel(k);
    const values = new Float64Array(raw.length);
    for (let i = 0; i < raw.length; i++) values[i] = raw[i] * factor;
    return { name, unit, quantity: quantityOf(name, unit), values };
  });
  return recorder.timed ? { channels: out, t: recorder.times() } : { channels: out, h: 1 / recorder.rate };
}

const label = ({ name, unit }) => (unit ? `${name} (${unit})` : name);

/** The CSV text: "t (s),name (unit),…", one row per sample; times to 12 significant digits, values to 9. */
export function recordCsv({ channels, h, t }) {
  const n = channels[0]?.values.length ?? 0;
  const lines = [['t (s)', ...channels.map(label)].join(',')];
  for (let i = 0; i < n; i++) {
    const time = t ? t[i] : i * h;
    const row = [time.toPrecision(12)];
    for (const c of channels) row.push(c.values[i].toPrecision(9));
    lines.push(row.join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The universal file (dataset 58, a time series per channel) of an evenly sampled recording: the
 * force channels as inputs, the others as outputs. An uneven recording has no increment to state:
 * null (export its CSV, or resample it first).
 */
export function recordUff({ channels, h }) {
  if (h === undefined) return null;
  const n = channels[0]?.values.length ?? 0;
  const matrix = (list) => {
    const data = new Float64Array(n * list.length);
    list.forEach((c, k) => { for (let i = 0; i < n; i++) data[i * list.length + k] = c.values[i]; });
    return { rows: n, cols: list.length, data };
  };
  const inputs = channels.filter((c) => c.quantity === 'force');
  const outputs = channels.filter((c) => c.quantity !== 'force');
  const describe = (list) => list.map(({ name, unit, quantity }) => ({ name, unit, quantity }));
  const kind = (q) => (q === 'velocity' || q === 'acceleration' ? q : 'displacement');
  return writeUff58({
    kind: 'time', h, u: matrix(inputs), y: matrix(outputs),
    channels: { inputs: describe(inputs), outputs: describe(outputs) },
    outputs: outputs.map((c) => kind(c.quantity)),
  });
}
