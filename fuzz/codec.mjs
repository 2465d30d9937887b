// JSON for fuzz cases and findings: plain JSON has no NaN, ±Infinity or typed arrays, and fuzz
// inputs hold all three. Non-finite numbers become {"$num": "NaN" | "Infinity" | "-Infinity"},
// a Float64Array {"$f64": [...]}, an Int32Array {"$i32": [...]}; decode() undoes it.

const special = (x) => (typeof x === 'number' && !Number.isFinite(x) ? { $num: String(x) } : x);

export function encode(value) {
  if (value instanceof Float64Array) return { $f64: Array.from(value, special) };
  if (value instanceof Int32Array) return { $i32: Array.from(value) };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, encode(v)]));
  }
  return special(value);
}

export function decode(value) {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    if ('$num' in value) return Number(value.$num);
    if ('$f64' in value) return Float64Array.from(value.$f64.map(decode));
    if ('$i32' in value) return Int32Array.from(value.$i32);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

export const toJson = (value) => JSON.stringify(encode(value));
export const fromJson = (text) => decode(JSON.parse(text));
