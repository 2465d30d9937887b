// Text formats of the facade: the CSV of simulated data (docs/interfaces.md: header t,u1..,q1..[,v..,a..],
// `.` decimal, `,` delimiter, shortest round-trip numbers) and the two option specs written as
// text on the command line and in the page: a pole grid `lo:hi:step` and regions.
import { parseDecimal } from './cell-number.js';
import { badInput } from './errors.js';

/** CSV of columns of equal length under the header `names`. */
function columnsToCsv(names, columns) {
  const lines = [names.join(',')];
  const rows = columns.length ? columns[0].length : 0;
  for (let i = 0; i < rows; i++) lines.push(columns.map((c) => c[i]).join(','));
  return lines.join('\n') + '\n';
}

/** CSV of simulated data: header data.columns = t, then the columns of u, q[, v, a] (matrices). */
export function simulationToCsv(data) {
  const columns = [data.t];
  for (const m of [data.u, data.q, data.v, data.a].filter(Boolean)) {
    for (let j = 0; j < m.cols; j++) columns.push(Array.from({ length: m.rows }, (_, i) => m.data[i * m.cols + j]));
  }
  return columnsToCsv(data.columns, columns);
}

/** CSV of a nonlinear simulation: t,u1,a1 (force, accelerometer) and with derivatives q1,v1 (true). */
export function nonlinearToCsv(sim, withDerivatives) {
  const extra = withDerivatives ? [sim.x, sim.v] : [];
  return columnsToCsv(['t', 'u1', 'a1', ...(withDerivatives ? ['q1', 'v1'] : [])], [sim.t, sim.f, sim.a, ...extra]);
}

/**
 * `lo:hi:step` or {lo, hi, step} read into numbers, then `grid(lo, hi, step)` (the core's
 * pole_grid, which checks the values); the syntax is wasm/cell-number.js's decimal numbers.
 */
export function poleGridOf(spec, grid) {
  const [lo, hi, step] = typeof spec === 'string' ? spec.split(':').map(parseDecimal) : [spec?.lo, spec?.hi, spec?.step];
  if (![lo, hi, step].every(Number.isFinite) || (typeof spec === 'string' && spec.split(':').length !== 3)) {
    throw badInput(`a pole grid is lo:hi:step with 0 < lo <= hi and step > 0, got ${JSON.stringify(spec)}`, 'grid');
  }
  return Array.from(grid(lo, hi, step));
}

/**
 * Regions from text: "thresholds:X0" (x <= -X0, |x| < X0, x >= X0), "sign" (x <= 0, x > 0) or
 * "breakpoints:B1,B2,.." (intervals between increasing breakpoints). `makeError` builds the error
 * thrown (default MechidError 'bad-input').
 */
export function parseRegions(text, makeError = badInput) {
  const spec = String(text ?? '').trim();
  const [kind, rest] = spec.split(/:(.*)/s);
  const numbers = (part) => part.split(',').map((s) => {
    const x = parseDecimal(s);
    if (!Number.isFinite(x)) throw makeError(`regions '${spec}': '${s.trim()}' is not a number`);
    return x;
  });
  if (kind === 'sign' && rest === undefined) return { kind: 'sign' };
  if (kind === 'thresholds' && rest !== undefined) {
    const [x0, ...extra] = numbers(rest);
    if (extra.length > 0 || !(x0 > 0)) throw makeError(`regions '${spec}': thresholds needs one positive x0, e.g. thresholds:0.005`);
    return { kind: 'thresholds', x0 };
  }
  if (kind === 'breakpoints' && rest !== undefined) return { kind: 'breakpoints', breakpoints: numbers(rest) };
  throw makeError(`regions '${spec}' not understood (expected thresholds:X0, sign or breakpoints:B1,B2,..)`);
}
