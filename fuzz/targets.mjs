// The fuzz targets: every module in fuzz/targets/ is one, named after its file. A target exports
// arbitrary(fc, ctx) (fast-check arbitrary of a case: plain data), prepare(mechid, case, ctx) ->
// {fn, args} (the API call of calls.mjs the case ends in), and optionally setup(mechid) -> ctx.
// A new file parser (e.g. UFF) is one new file here and, if it needs one, one entry in calls.mjs.
import { readdirSync } from 'node:fs';

const dir = new URL('./targets/', import.meta.url);

export const targetNames = () => readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => f.slice(0, -4)).sort();

export async function loadTarget(name) {
  if (!targetNames().includes(name)) throw new Error(`fuzz: no target '${name}' (targets: ${targetNames().join(', ')})`);
  return import(new URL(`${name}.mjs`, dir).href);
}

/** The case of `seed` for a target (the same in the worker and in the runner that saves a hang). */
export const generateCase = (fc, arbitrary, seed) => fc.sample(arbitrary, { seed, numRuns: 1 })[0];
