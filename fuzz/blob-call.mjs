// The call of the blob fuzz target (calls.mjs blobRead): one file read by both paths of its reader,
// the File/Blob path the page and the CLI take (readWavBlob, readTdmsBlob, readMatBlob: the file
// read in parts of `partBytes`, so that headers, tags and samples straddle parts) and the bytes
// path (readWav, readTdms, readMat); the two must agree: the same Recording (channels, their
// samples bit for bit, h, units, notes, parameters), or the same bad-input line. A disagreement
// is the result's `differ` (outcome.mjs); anything else thrown by either path is a crash.
import { latin1ToBytes } from './binary-mutations.mjs';
import { readMat, readMatBlob } from '../wasm/mat.js';
import { readTdms, readTdmsBlob } from '../wasm/tdms.js';
import { readWav, readWavBlob } from '../wasm/wav.js';

const PATHS = {
  wav: [readWav, readWavBlob],
  tdms: [readTdms, readTdmsBlob],
  mat: [readMat, readMatBlob],
};

// A stand-in for a Blob over `bytes` with a Blob's size and slice (Uint8Array's slice clamps and
// counts negative offsets from the end as Blob.slice does): Node's Blob costs about 50 µs a read,
// which small parts multiply (a case of 2 KB in parts of 1 byte: 60 ms), so most cases use this.
const blobLike = (bytes) => ({ size: bytes.length, slice: (a, b) => ({ arrayBuffer: async () => bytes.slice(a, b).buffer }) });

// {recording} or {refused: message, error}; other throws pass through (a crash).
async function settle(read) {
  try {
    return { recording: await read() };
  } catch (e) {
    if (e?.name === 'MechidError' && e.code === 'bad-input') return { refused: e.message, error: e };
    throw e;
  }
}

// JSON of a value with BigInt (TDMS 64-bit integer properties) and typed arrays kept apart.
const json = (x) => JSON.stringify(x, (k, v) => (typeof v === 'bigint' ? `${v}n` : ArrayBuffer.isView(v) ? [v.constructor.name, ...v] : v));

// Where two arrays of samples differ, or '' (bit for bit: the same type, length and numbers).
function samplesDiffer(a, b) {
  if (!a !== !b) return 'one has them, the other not';
  if (!a) return '';
  if (a.constructor !== b.constructor) return `${a.constructor.name} against ${b.constructor.name}`;
  if (a.length !== b.length) return `${a.length} samples against ${b.length}`;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return `sample ${i + 1}: ${a[i]} against ${b[i]}`;
  return '';
}

// How the Recording of the Blob path (a) differs from that of the bytes path (b), or ''.
export function recordingsDiffer(a, b) {
  for (const key of ['format', 'variant', 'notes', 'parameters']) if (json(a[key]) !== json(b[key])) return `${key}: ${json(a[key])} against ${json(b[key])}`;
  if (a.channels.length !== b.channels.length) return `${a.channels.length} channels against ${b.channels.length}`;
  for (let c = 0; c < a.channels.length; c++) {
    const x = a.channels[c], y = b.channels[c];
    const { values: xv, imag: xi, ...xRest } = x, { values: yv, imag: yi, ...yRest } = y;
    if (json(xRest) !== json(yRest)) return `channel ${c + 1}: ${json(xRest)} against ${json(yRest)}`;
    const d = samplesDiffer(xv, yv) || samplesDiffer(xi, yi);
    if (d) return `channel ${c + 1} (${x.name}): ${d}`;
  }
  const n = a.channels[0]?.values.length ?? 0;
  for (const i of [0, n - 1]) if (i >= 0 && a.where?.(i) !== b.where?.(i)) return `where(${i}): ${a.where?.(i)} against ${b.where?.(i)}`;
  return '';
}

/**
 * The file `latin1` (one character per byte) of `format` ('wav', 'tdms', 'mat') read from a Blob
 * (Node's when nodeBlob, else blobLike) in parts of `partBytes` and from its bytes: {status: 'ok', model: 'recording', broken (the
 * Recording against the readers' promises), differ}, or throws the one bad-input refusal both give.
 */
export async function blobRead(mechid, { format, latin1, partBytes, nodeBlob = true }, recordingBroken) {
  const bytes = latin1ToBytes(latin1), source = `fuzz.${format}`;
  const [readBytes, readBlob] = PATHS[format];
  const blob = await settle(() => readBlob(nodeBlob ? new Blob([bytes]) : blobLike(bytes), source, { partBytes }));
  const whole = await settle(() => readBytes(bytes, source));
  if (blob.refused !== undefined || whole.refused !== undefined) {
    if (blob.refused === whole.refused) throw blob.error;
    const said = (r) => (r.refused === undefined ? 'reads' : `refuses: ${r.refused}`);
    return { status: 'ok', model: 'recording', differ: `the Blob path ${said(blob)}; the bytes path ${said(whole)}` };
  }
  const differ = recordingsDiffer(blob.recording, whole.recording);
  return { status: 'ok', model: 'recording', differ, broken: recordingBroken(blob.recording) };
}
