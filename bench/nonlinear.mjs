// Table 1 of Karimov et al. 2021 (Lin-Ewins backlash, DIA vs IDA, noise-free and noisy) for docs/results.md,
// computed by the native tool build-native/mechid_nonlinear_table (bench/native/nonlinear_table.cpp).
// Reproduce: `npm run build:native && node bench/run.mjs nonlinear`.
import { execFileSync } from 'node:child_process';
import { requiredNativeTool } from './native_tool.mjs';

const tool = requiredNativeTool('mechid_nonlinear_table');
const t0 = performance.now();
const output = execFileSync(tool, ['--seeds', '10'], { encoding: 'utf8' }).trimEnd();
export const table = `${output}\n\n(${((performance.now() - t0) / 1000).toFixed(0)} s in all.)`;
