// Read speed and peak memory of each file reader (docs/results.md, formats): every module of
// bench/formats/ writes a file of about 200 MB in its format ({name, make(path, bytes), read(path)}),
// which is read once in a process of its own (bench/formats/read-one.mjs) under /usr/bin/time: the
// read's seconds as the process measures them, its peak resident memory (Node's own ~50 MB
// included) as the kernel counts it. Goal of issue 49: >= 50 MB/s and <= 2x the file in memory.
// `node bench/run.mjs formats` (~2 min; needs /usr/bin/time and ~1 GB free in the temp folder).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BYTES = 200e6;
const here = fileURLToPath(new URL('./formats/', import.meta.url));
const modules = readdirSync(here).filter((f) => f.endsWith('.mjs') && f !== 'read-one.mjs').sort();
const dir = mkdtempSync(join(tmpdir(), 'mechid-formats-'));
const rows = [];
const loads = [];  // the 1-minute load average before each read (2 cores: above 2, reads wait for a core)
try {
  for (const file of modules) {
    const format = await import(join(here, file));
    const path = join(dir, `${format.name.replace(/\W+/g, '-')}.bin`);
    await format.make(path, BYTES);
    const size = statSync(path).size;
    loads.push(loadavg()[0]);
    const run = spawnSync('/usr/bin/time', ['-f', 'peak-kb %M', process.execPath, '--max-old-space-size=8192', join(here, 'read-one.mjs'), join(here, file), path],
      { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (run.status !== 0) throw new Error(`${format.name}: the read failed: ${run.stderr.trim().split('\n').slice(-3).join(' ')}`);
    const { seconds, cpu, channels, samples } = JSON.parse(run.stdout.trim().split('\n').pop());
    const peakKb = Number(/peak-kb (\d+)/.exec(run.stderr)[1]);
    rows.push({ name: format.name, size, seconds, cpu, channels, samples, peak: peakKb * 1e3 });
    rmSync(path);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const mb = (bytes) => (bytes / 1e6).toFixed(0);
export const table = ['Read speed and peak memory of each reader on a file of about 200 MB (`node bench/run.mjs formats`; one',
  'process per read, its peak resident memory as /usr/bin/time counts it, Node\'s own ~50 MB included; MB/s from the wall-clock',
  `seconds, CPU s the read's CPU seconds, all threads; 1-minute load average of this 2-core machine during the run ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}):`, '',
  '| format | file MB | channels | samples | read s | MB/s | CPU s | peak MB | peak / file |', '|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.name} | ${mb(r.size)} | ${r.channels} | ${r.samples} | ${r.seconds.toFixed(2)} | ${(r.size / 1e6 / r.seconds).toFixed(0)} | ${r.cpu.toFixed(2)} | ${mb(r.peak)} | ${(r.peak / r.size).toFixed(2)} |`),
  '', `Below the issue's 50 MB/s: ${rows.filter((r) => r.size / 1e6 / r.seconds < 50).map((r) => r.name).join(', ') || 'none'} ` +
  `(by the CPU seconds, which a shared machine inflates less: ${rows.filter((r) => r.size / 1e6 / r.cpu < 50).map((r) => r.name).join(', ') || 'none'}). ` +
  `Above 2x the file in memory: ${rows.filter((r) => r.peak / r.size > 2).map((r) => r.name).join(', ') || 'none'} ` +
  '(each read as the CLI and the page read it, from a Blob: WAV, TDMS, MAT v5/v7 and text read it in parts of at most 4 MB or a ' +
  'variable at a time, straight into the channels\' arrays; the UFF reader and MAT v7.3 in Node hold the whole file ' +
  '(MAT v7.3 in h5wasm\'s in-memory file; in the page\'s worker it is read in place); samples held as doubles, or single precision where ' +
  'they are exactly so (float32 WAV, TDMS SGL); PCM WAV and TDMS integers as the file\'s integers with the polynomial that maps them (a DAQmx channel\'s scale): a 16-bit sample in its own 2 bytes).'].join('\n');
