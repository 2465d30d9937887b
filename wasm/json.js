// Matrices at the JSON boundary: a matrix crossing the API is {rows, cols, data} with row-major
// Float64Array data; JSON files (system, model, result) use nested arrays. Errors name `what` (or
// the file, `source`), the row and the column (1-based).
import { badInput } from './errors.js';

export const isMatrix = (m) =>
  m !== null && typeof m === 'object' && Number.isInteger(m.rows) && Number.isInteger(m.cols) &&
  m.data instanceof Float64Array && m.data.length === m.rows * m.cols;

/**
 * A matrix given by its columns, {rows, cols, columns: [a Float64Array of `rows` numbers per
 * column]}: a record's u or y as its channels were read (wasm/recording.js byColumn), which the
 * core takes without a row-major copy. Accepted where a record's u and y cross the API.
 */
export const isColumnMatrix = (m) =>
  m !== null && typeof m === 'object' && Number.isInteger(m.rows) && Number.isInteger(m.cols) && Array.isArray(m.columns) &&
  m.columns.length === m.cols && m.columns.every((c) => c instanceof Float64Array && c.length === m.rows);

export function identity(n) {
  const data = new Float64Array(n * n);
  for (let i = 0; i < n; i++) data[i * n + i] = 1;
  return { rows: n, cols: n, data };
}

/** Nested arrays (JSON) to a Matrix; errors name `what`, the row and the column (1-based). */
export function matrixFromNested(rows, what) {
  if (!Array.isArray(rows) || rows.length === 0) throw badInput(`${what} must be a non-empty array of rows`);
  const cols = Array.isArray(rows[0]) ? rows[0].length : -1;
  const data = new Float64Array(rows.length * Math.max(cols, 0));
  rows.forEach((row, i) => {
    if (!Array.isArray(row)) throw badInput(`${what} row ${i + 1} is not an array of numbers`);
    if (row.length !== cols) {
      throw badInput(`${what} row ${i + 1} has ${row.length} entries but row 1 has ${cols}`);
    }
    row.forEach((x, j) => {
      if (typeof x !== 'number' || !Number.isFinite(x)) {
        throw badInput(`${what} row ${i + 1}, column ${j + 1} is not a finite number: ${JSON.stringify(x)}`);
      }
      data[i * cols + j] = x;
    });
  });
  return { rows: rows.length, cols, data };
}

export function matrixToNested(m) {
  return Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
}

// The matrices `keys` of a JSON object (those absent skipped unless `required`), errors naming `source`.
function matricesFromJson(obj, source, keys, required) {
  const out = {};
  for (const key of keys) {
    if (obj[key] === undefined) {
      if (required.includes(key)) throw badInput(`${source}: matrix ${key} is missing`);
      continue;
    }
    try {
      out[key] = matrixFromNested(obj[key], `matrix ${key}`);
    } catch (e) {
      throw badInput(`${source}: ${e.message}`);
    }
  }
  return out;
}

const isObject = (obj) => obj !== null && typeof obj === 'object' && !Array.isArray(obj);

/** A system JSON object ({name, M, D, K, L} as nested arrays) to a MechanicalSystem. */
export function systemFromJson(obj, source) {
  if (!isObject(obj)) throw badInput(`${source}: a system must be a JSON object with matrices M, D, K (and optionally L)`);
  const name = typeof obj.name === 'string' ? obj.name : '';
  return { name, ...matricesFromJson(obj, source, ['M', 'D', 'K', 'L'], ['M', 'D', 'K']) };
}

/** A discrete model JSON object (F, G, H[, J] or Md, Dd, Kd[, L], nested arrays) to matrices. */
export function discreteModelFromJson(obj, source) {
  if (!isObject(obj)) throw badInput(`${source}: a model must be a JSON object with matrices F, G, H (or Md, Dd, Kd)`);
  return matricesFromJson(obj, source, ['F', 'G', 'H', 'J', 'Md', 'Dd', 'Kd', 'L'], []);
}

/** A copy of `value` with every {rows, cols, data} matrix as nested arrays and typed arrays as arrays (for JSON). */
export function toJson(value) {
  if (isMatrix(value)) return matrixToNested(value);
  if (ArrayBuffer.isView(value)) return Array.from(value);
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, toJson(v)]));
  }
  return value;
}

export function systemToJson(system) {
  const out = { name: system.name ?? '' };
  for (const key of ['M', 'D', 'K', 'L']) if (system[key]) out[key] = matrixToNested(system[key]);
  return out;
}
