// Benchmark module of the LabVIEW measurement reader (bench/formats.mjs times it in MB/s and
// measures its peak memory): a tab-separated LVM file with decimal commas (writer version 2, one
// segment, X_Columns No, 4 channels) of about `bytes` bytes, read from disk as a Blob by wasm/lvm.js.
import { openAsBlob } from 'node:fs';
import { open } from 'node:fs/promises';
import { readLvm } from '../../wasm/lvm.js';

export const name = 'lvm';

const HEADER = ['LabVIEW Measurement\t', 'Writer_Version\t2', 'Reader_Version\t2', 'Separator\tTab', 'Decimal_Separator\t,',
  'Multi_Headings\tNo', 'X_Columns\tNo', 'Time_Pref\tRelative', 'Operator\tbench', '***End_of_Header***\t', '\t',
  'Channels\t4\t\t\t\t', 'Samples\t1000\t1000\t1000\t1000\t', 'Y_Unit_Label\tN\tm/s^2\tm/s^2\tV\t',
  'X_Dimension\tTime\tTime\tTime\tTime\t', 'X0\t0,0E+0\t0,0E+0\t0,0E+0\t0,0E+0\t', 'Delta_X\t1,0E-4\t1,0E-4\t1,0E-4\t1,0E-4\t',
  '***End_of_Header***\t\t\t\t\t', 'X_Value\tForce\tAcceleration 1\tAcceleration 2\tVoltage\tComment', ''].join('\r\n');

/** Writes an LVM file of about `bytes` bytes at `path` (in blocks). */
export async function make(path, bytes) {
  const file = await open(path, 'w');
  try {
    await file.write(HEADER);
    let written = HEADER.length, i = 0;
    const f = (x) => x.toFixed(6).replace('.', ',');
    while (written < bytes) {
      let block = '';
      for (let k = 0; k < 10000; k++, i++) {
        const t = i * 1e-4;
        block += `\t${f(Math.sin(50 * t))}\t${f(Math.cos(31 * t))}\t${f(0.5 * Math.sin(77 * t))}\t${f(2.5 + Math.sin(t))}\r\n`;
      }
      await file.write(block);
      written += block.length;
    }
  } finally {
    await file.close();
  }
}

/** Reads the file at `path` with the LVM reader; resolves with the Recording. */
export async function read(path) {
  return readLvm(await openAsBlob(path), path);
}
