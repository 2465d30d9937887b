// The API calls a fuzz case ends in, by name, so that a finding stores {fn, args} as plain data and
// its regression test replays exactly that call (tests/node/fuzz.test.mjs).
import Papa from 'papaparse';
import { badInput, systemFromJson } from '../wasm/api.js';
import { parseDatasetCsv } from '../wasm/csv.js';
import { looksLikeLvm, readLvmBytes } from '../wasm/lvm.js';
import { readTextBytes } from '../wasm/text.js';
import { uffRead } from './uff-call.mjs';
import { geometryRead } from './geometry-call.mjs';
import { blobRead } from './blob-call.mjs';
import { parseMatVariables } from '../wasm/mat.js';
import { matRecording } from '../wasm/mat-channels.js';
import * as pako from 'pako';
import { readTdms } from '../wasm/tdms.js';
import { readWav } from '../wasm/wav.js';
import { channelSamples } from '../wasm/recording.js';
import { latin1ToBytes } from './binary-mutations.mjs';
import { reportRead } from './report-call.mjs';
import { serialRead } from './serial-call.mjs';

const CALLS = {
  // The CSV path of the CLI and the page: parse, then identify the parsed record.
  csvIdentify(mechid, { text, mapping, method, inputSampling, options }) {
    const data = parseDatasetCsv({ Papa, text, source: 'fuzz.csv', ...mapping });
    return mechid.identify(method, { h: data.h, u: data.u, y: data.y, inputSampling }, options);
  },
  // The parser alone; `broken` says how its dataset breaks what parseDatasetCsv promises (finite
  // numbers, h > 0, t increasing), which classify() counts as a crash.
  csvParse(mechid, { text, mapping }) {
    const data = parseDatasetCsv({ Papa, text, source: 'fuzz.csv', ...mapping });
    return { status: 'ok', model: 'dataset', broken: datasetBroken(data) };
  },
  // The text and LVM readers alone; `broken` says how the Recording breaks their promises.
  textRead(mechid, { text, chunkSize }) {
    const bytes = new TextEncoder().encode(text);
    const r = looksLikeLvm(text) ? readLvmBytes(bytes, 'fuzz.lvm', { chunkSize }) : readTextBytes(bytes, 'fuzz.txt', { chunkSize });
    return { status: 'ok', model: 'recording', broken: textRecordingBroken(r) };
  },
  // A system file as the CLI's loadSystem reads it (bin/io.mjs), then its modes and a short run.
  systemJson(mechid, { text }) {
    let json;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw badInput(`system file is not valid JSON: ${e.message}`);
    }
    const system = systemFromJson(json, 'system file');
    const report = mechid.checkSystem(system);
    if (!report.ok) throw badInput(`system file: ${report.errors[0]}`);
    mechid.simulate(system, { h: 0.01, n: 64 });
    return { ...mechid.modal(system), model: 'modal' };
  },
  uffRead,
  geometryRead,
  serialRead,
  // The MAT v5/v7 reader (the synchronous parser, compressed variables inflated by pako as readMat
  // inflates them); `broken` says how its Recording breaks the reader's promises.
  matParse(mechid, { base64 }) {
    const { variables, notes } = parseMatVariables(new Uint8Array(Buffer.from(base64, 'base64')), 'fuzz.mat', { zlib: pako });
    return { status: 'ok', model: 'dataset', broken: recordingBroken(matRecording(variables, { source: 'fuzz.mat', variant: 'v5', notes })) };
  },
  // A binary reader alone (format 'wav' or 'tdms'); `broken` says how its Recording breaks what
  // the readers promise (recordingBroken).
  readBinary(mechid, { format, latin1 }) {
    const read = { wav: readWav, tdms: readTdms }[format];
    return { status: 'ok', model: 'dataset', broken: recordingBroken(read(latin1ToBytes(latin1), `fuzz.${format}`)) };
  },
  // A WAV, TDMS or MAT file through its reader's Blob path (in small parts) and bytes path: they
  // must agree (blob-call.mjs); asynchronous.
  blobRead: (mechid, args) => blobRead(mechid, args, recordingBroken),
  identify: (mechid, { method, data, options }) => mechid.identify(method, data, options),
  nonlinearIdentify: (mechid, { data, options }) => mechid.nonlinearIdentify(data, options),
  svfIdentify: (mechid, { data, options }) => mechid.svfIdentify(data, options),
  svfRlc: (mechid, { data, options }) => mechid.svfRlc(data, options),
  ekfBeltDrive: (mechid, { data, options }) => mechid.ekfBeltDrive(data, options),
  frf: (mechid, { data, options }) => ({ ...mechid.frf(data, options), model: 'frf' }),
  modes: (mechid, { data, options }) => ({ ...mechid.modes(data, options), model: 'band-modes' }),
  reportRead,
};

// What is wrong with a Recording of the text readers, or '': recordingBroken's promises, and
// channels of one length >= 1 whose samples where() places on a line.
function textRecordingBroken(r) {
  const { channels, where } = r;
  const broken = recordingBroken(r);
  if (broken) return broken;
  const n = channels[0].values.length;
  if (n === 0 || channels.some((c) => c.values.length !== n)) return 'channels of different lengths or none';
  if (!/^line \d+$/.test(where(n - 1))) return `where() gives ${where(n - 1)}`;
  return '';
}

// What is wrong with a parsed dataset, or '' (parseDatasetCsv's promises, wasm/csv.js).
function datasetBroken({ h, t, u, y }) {
  if (!(Number.isFinite(h) && h > 0)) return `h = ${h}`;
  if (![u, y].every((m) => m.data.every(Number.isFinite))) return 'a non-finite value in u or y';
  for (let i = 1; i < t.length; i++) if (!(t[i] > t[i - 1])) return `t not increasing at sample ${i}`;
  return '';
}

// What is wrong with a Recording, or '' (wasm/recording.js: named channels of finite samples:
// floats, or raw numbers with finite `polynomial` coefficients, as WAV PCM and TDMS integers are held).
const TYPED_ARRAYS = [Float64Array, Float32Array, Int8Array, Int16Array, Int32Array, Uint8Array, Uint16Array, Uint32Array];
function recordingBroken({ channels, parameters, notes }) {
  if (!channels.length) return 'no channel';
  if (!Array.isArray(notes)) return 'no notes';
  for (const c of channels) {
    if (typeof c.name !== 'string') return `channel ${c.name}: no name`;
    if (c.polynomial === undefined ? !(c.values instanceof Float64Array || c.values instanceof Float32Array)
      : !(TYPED_ARRAYS.some((T) => c.values instanceof T) && c.polynomial.length > 0 && c.polynomial.every(Number.isFinite) && !c.imag)) {
      return `channel ${c.name}: neither a Float64Array or Float32Array nor raw numbers with a polynomial of finite coefficients`;
    }
    if (!channelSamples(c).every(Number.isFinite)) return `channel ${c.name}: a non-finite sample`;
    if (c.imag && !c.imag.every(Number.isFinite)) return `channel ${c.name}: a non-finite imaginary part`;
    if (c.imag && c.imag.length !== c.values.length) return `channel ${c.name}: imag and values differ in length`;
    if (c.h !== undefined && !(c.h > 0 && Number.isFinite(c.h))) return `channel ${c.name}: h = ${c.h}`;
  }
  if (!Object.values(parameters).every(Number.isFinite)) return 'a non-finite parameter';
  if (!notes.every((n) => typeof n === 'string' && !n.includes('\n'))) return 'a note that is not one line';
  return '';
}

/** Runs call {fn, args} on the wrapped module `mechid`. */
export function runCall(mechid, call) {
  const f = CALLS[call.fn];
  if (!f) throw new Error(`fuzz: unknown call '${call.fn}'`);
  return f(mechid, call.args);
}
