// The files mechid writes (wasm/uff-write.js), for bench/uff_corpus.mjs to read back with pyuff:
// 58 and 58b time series and FRFs, single and double precision, and 55 modes; and files written
// from named channels in a lab's units at its nodes (ID lines, records 6 and 8-11 from the names).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeUff55, writeUff58 } from '../../wasm/uff-write.js';

/** A time series of 2 forces and 3 displacements, N samples: a sum of sines (no two columns alike). */
function timeSpec(N = 500) {
  const u = { rows: N, cols: 2, data: new Float64Array(N * 2) };
  const y = { rows: N, cols: 3, data: new Float64Array(N * 3) };
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < 2; j++) u.data[i * 2 + j] = 10 * Math.sin(0.05 * (j + 1) * i) + 0.3 * j;
    for (let j = 0; j < 3; j++) y.data[i * 3 + j] = 1e-3 * Math.cos(0.021 * (j + 2) * i) * (j + 1);
  }
  return { kind: 'time', h: 1 / 256, u, y };
}

/** A 2 × 1 FRF matrix of two modes on 200 frequencies (1 to 100.5 Hz). */
function frfSpec() {
  const freq_hz = Array.from({ length: 200 }, (_, k) => 1 + 0.5 * k);
  const H = [0, 1].map((i) => [freq_hz.map((f) => {
    const w = 2 * Math.PI * f, wn = 2 * Math.PI * (20 + 30 * i);
    const d = [wn * wn - w * w, 2 * 0.02 * wn * w];
    const m = d[0] * d[0] + d[1] * d[1];
    return [d[0] / m, -d[1] / m];
  })]);
  return { kind: 'frf', freq_hz, H };
}

// Channels named as a lab's file names them, in the file's own units, at the nodes and directions
// it gave (wasm/channel-labels.js resultChannels), for the time series and the FRFs.
const NAMED = {
  inputs: [{ name: 'Hammer', quantity: 'force', unit: 'lbf', node: 7, direction: 3 }, { name: 'Shaker volts', quantity: 'voltage', unit: 'V', node: 8, direction: -2 }],
  outputs: [{ name: 'Accel wing', quantity: 'acceleration', unit: 'g', node: 12, direction: 3 }, { name: 'Vel tail', quantity: 'velocity', unit: 'in/s', node: 21, direction: 1 },
    { name: 'Disp nose', quantity: 'displacement', unit: 'mm', node: 30, direction: -3 }],
};

/** Writes each case into `dir`: [{label, path}]. */
export function writtenCases(dir) {
  const cases = [];
  const put = (label, name, content) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    cases.push({ label, path });
  };
  for (const precision of ['double', 'single']) {
    put(`58 time, ${precision}`, `time-${precision}.uff`, writeUff58(timeSpec(), { precision }));
    put(`58b time, ${precision}`, `time-${precision}-b.uff`, writeUff58(timeSpec(), { binary: true, precision }));
    put(`58 FRF, ${precision}`, `frf-${precision}.uff`, writeUff58(frfSpec(), { precision }));
    put(`58b FRF, ${precision}`, `frf-${precision}-b.uff`, writeUff58(frfSpec(), { binary: true, precision }));
  }
  put('58 time, named channels in lbf, V, g, in/s, mm', 'time-named.uff', writeUff58({ ...timeSpec(), channels: NAMED }));
  put('58b FRF, named channels (g/lbf, in/s/lbf, mm/lbf)', 'frf-named-b.uff',
    writeUff58({ ...frfSpec(), H: [...frfSpec().H, frfSpec().H[0]], channels: { inputs: NAMED.inputs.slice(0, 1), outputs: NAMED.outputs } }, { binary: true }));
  const modes = [{ freq_hz: 12.5, zeta: 0.02, shape: [1, -0.5, 0.25] }, { freq_hz: 31.25, zeta: 0.01, shape: [0.3, 1, -0.7] }];
  put('55 real modes', 'modes.uff', writeUff55(modes));
  put('55 complex modes', 'modes-complex.uff', writeUff55(modes.map((m) => ({ ...m, shape: m.shape.map((v, j) => [v, 0.1 * j]) }))));
  put('55 modes, named sensors at their nodes', 'modes-named.uff', writeUff55(modes, { complex: true, channels: NAMED.outputs }));
  return cases;
}
