// Target csv-parse: the CSV parser alone (parseDatasetCsv, wasm/csv.js) on the csv target's
// mutations of its bases cut to their first BASE_LINES lines: no identification and short files,
// so it runs many times as many cases per second; its dataset is checked against the parser's
// promises (calls.mjs csvParse).
import { arbitrary as csvArbitrary, prepare as prepareIdentify, setup as csvSetup } from './csv.mjs';

// Lines kept of each base file: enough for every mutation operator (rows to delete, swap and
// duplicate), few enough that parsing does not dominate.
const BASE_LINES = 40;

export async function setup(mechid) {
  const ctx = await csvSetup(mechid);
  return { ...ctx, bases: ctx.bases.map((text) => text.split('\n').slice(0, BASE_LINES).join('\n')) };
}

export const arbitrary = csvArbitrary;

export function prepare(mechid, c, ctx) {
  const { text, mapping } = prepareIdentify(mechid, c, ctx).args;
  return { fn: 'csvParse', args: { text, mapping } };
}
