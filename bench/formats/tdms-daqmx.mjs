// Benchmark module of the TDMS reader on DAQmx raw data (bench/page_files.mjs: the page's memory on
// a file of about 200 MB), as NI-DAQmx logs a task: a first segment with the metadata of two
// channels (force, acceleration) whose values are I16 rows of one raw buffer (4 bytes a row) and
// whose NI_Scale properties map them linearly to newtons and m/s² (a DAQmx scaler, scale 0, read by
// a linear scale, scale 1), then segments of raw data only, each of 2^16 rows. The layout is
// npTDMS's reading of DAQmx data (A. Reeve; nptdms/daqmx.py): the raw data index 0x1269, data type
// 0xFFFFFFFF, each scaler's DAQmx type (3: I16), raw buffer, byte offset in the row, sample format
// and scale id, then the raw buffers' widths.
import { openAsBlob } from 'node:fs';
import { readRecording } from '../../wasm/record.js';
import { metadataWriter, writeSegments } from './lib/tdms-write.mjs';

export const name = 'tdms (DAQmx, I16 with linear scales)';

const PER_SEGMENT = 1 << 16, H = 1 / 25600;
const CHANNELS = [{ name: 'Force', unit: 'N', slope: 0.01, intercept: -0.5 }, { name: 'Acceleration', unit: 'm/s^2', slope: 0.002, intercept: 0 }];
const ROW = 2 * CHANNELS.length;  // bytes of one row of the raw buffer

// The metadata of the first segment: the file, the group, each channel's DAQmx raw data index and
// its properties (unit_string, wf_increment, the two scales).
function metadata(perSegment) {
  const w = metadataWriter();
  const property = (key, type, write) => { w.str(key); w.u32(type); write(); };
  w.u32(2 + CHANNELS.length);
  w.str('/'); w.u32(0xffffffff); w.u32(0);
  w.str("/'Rig'"); w.u32(0xffffffff); w.u32(0);
  CHANNELS.forEach((c, k) => {
    w.str(`/'Rig'/'${c.name}'`);
    w.u32(0x1269); w.u32(0xffffffff); w.u32(1); w.u64(perSegment);
    w.u32(1); w.u32(3); w.u32(0); w.u32(2 * k); w.u32(0); w.u32(0);  // one scaler: I16, buffer 0, byte 2k of the row, format 0, scale id 0
    w.u32(1); w.u32(ROW);  // one raw buffer of ROW bytes a row
    w.u32(7);
    property('unit_string', 0x20, () => w.str(c.unit));
    property('wf_increment', 10, () => w.f64(H));
    property('NI_Number_Of_Scales', 7, () => w.u32(2));
    property('NI_Scale[1]_Scale_Type', 0x20, () => w.str('Linear'));
    property('NI_Scale[1]_Linear_Slope', 10, () => w.f64(c.slope));
    property('NI_Scale[1]_Linear_Y_Intercept', 10, () => w.f64(c.intercept));
    property('NI_Scale[1]_Linear_Input_Source', 7, () => w.u32(0));
  });
  return w.bytes();
}

/** Writes a DAQmx TDMS file of about `bytes` bytes at `path` (at least one segment of perSegment rows). */
export function make(path, bytes, { perSegment = PER_SEGMENT } = {}) {
  const rows = new Int16Array(perSegment * CHANNELS.length);
  writeSegments(path, { segments: Math.max(1, Math.round(bytes / (perSegment * ROW + 28))), meta: metadata(perSegment), daqmx: true }, (s) => {
    for (let i = 0; i < perSegment; i++) {
      const t = (s * perSegment + i) * H;
      rows[2 * i] = Math.round(20000 * Math.sin(2 * Math.PI * 31 * t));
      rows[2 * i + 1] = Math.round(15000 * Math.sin(2 * Math.PI * 31 * t - 0.7));
    }
    return rows;
  });
}

/** The Recording of the file as the CLI and the page read it: a Blob, read in parts. */
export const read = async (path) => readRecording(await openAsBlob(path), path);
