// Benchmark module of the TDMS reader (bench/formats.mjs times read() in MB/s and its peak memory
// on a file of about 200 MB): as LabVIEW streams a DAQ task, a first segment with the metadata of
// two DBL channels (force, acceleration) and then segments of raw data only (kTocRawData: the
// same objects), each of 2^16 values per channel, written one segment at a time.
import { openAsBlob } from 'node:fs';
import { readRecording } from '../../wasm/record.js';
import { metadataWriter, writeSegments } from './lib/tdms-write.mjs';

export const name = 'tdms';

const PER_SEGMENT = 1 << 16, CHANNELS = ['Force', 'Acceleration'], H = 1 / 25600;

// The metadata of the first segment: the file, the group, each channel's DBL raw data index and its
// unit_string, wf_increment.
function metadata(perSegment) {
  const w = metadataWriter();
  w.u32(2 + CHANNELS.length);
  w.str('/'); w.u32(0xffffffff); w.u32(0);
  w.str("/'Rig'"); w.u32(0xffffffff); w.u32(0);
  CHANNELS.forEach((c, k) => {
    w.str(`/'Rig'/'${c}'`); w.u32(20); w.u32(10); w.u32(1); w.u64(perSegment);
    w.u32(2); w.str('unit_string'); w.u32(0x20); w.str(k ? 'm/s^2' : 'N'); w.str('wf_increment'); w.u32(10); w.f64(H);
  });
  return w.bytes();
}

/** Writes a TDMS file of about `bytes` bytes at `path` (at least one segment of perSegment values a channel). */
export function make(path, bytes, { perSegment = PER_SEGMENT } = {}) {
  const raw = perSegment * 8 * CHANNELS.length;
  const values = new Float64Array(perSegment * CHANNELS.length);
  writeSegments(path, { segments: Math.max(1, Math.round(bytes / (raw + 28))), meta: metadata(perSegment) }, (s) => {
    for (let i = 0; i < perSegment; i++) {
      const t = (s * perSegment + i) * H;
      values[i] = 10 * Math.sin(2 * Math.PI * 31 * t);
      values[perSegment + i] = 2 * Math.sin(2 * Math.PI * 31 * t - 0.7);
    }
    return values;
  });
}

/** The Recording of the file as the CLI and the page read it: a Blob, read in parts. */
export const read = async (path) => readRecording(await openAsBlob(path), path);
