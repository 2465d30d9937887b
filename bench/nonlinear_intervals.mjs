// Coverage of the 95 % intervals of the IDA and DIA (Karimov et al. 2021) over 100 noise realisations of
// the Lin-Ewins record, for docs/results.md, computed by the native tool build-native/mechid_nonlinear_intervals
// (bench/native/nonlinear_intervals.cpp). Reproduce: `npm run build:native && node bench/run.mjs nonlinear_intervals`.
import { execFileSync } from 'node:child_process';
import { requiredNativeTool } from './native_tool.mjs';

const tool = requiredNativeTool('mechid_nonlinear_intervals');
export const table = execFileSync(tool, ['--runs', '100'], { encoding: 'utf8' }).trimEnd();
