// Sources of the IDA's bias with the mass estimated (Karimov et al. 2021, Lin-Ewins with accelerometer noise) for
// docs/results.md, computed by the native tool build-native/mechid_nonlinear_ida_sources (bench/native/nonlinear_ida_sources.cpp).
// Reproduce: `npm run build:native && node bench/run.mjs nonlinear_ida_sources`.
import { execFileSync } from 'node:child_process';
import { requiredNativeTool } from './native_tool.mjs';

const tool = requiredNativeTool('mechid_nonlinear_ida_sources');
export const table = execFileSync(tool, [], { encoding: 'utf8' }).trimEnd();
