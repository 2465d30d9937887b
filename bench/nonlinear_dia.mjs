// Sources of the noise-free DIA error in Table 1 of Karimov et al. 2021 (treatment of sec. 3.2.2, offsets per
// region, quadrature across the backlash crossings) for docs/results.md, computed by the native
// tool build-native/mechid_nonlinear_dia_sources (bench/native/nonlinear_dia_sources.cpp).
// Reproduce: `npm run build:native && node bench/run.mjs nonlinear_dia`.
import { execFileSync } from 'node:child_process';
import { requiredNativeTool } from './native_tool.mjs';

const tool = requiredNativeTool('mechid_nonlinear_dia_sources');
export const table = execFileSync(tool, [], { encoding: 'utf8' }).trimEnd();
