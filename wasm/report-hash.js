// SHA-256 digests of the report (wasm/report.js): of the data file's bytes, and of the canonical
// JSON of the embedded result (keys sorted at every level), so that a changed result is found.
// By report-sha256.js (incremental, in any page), not crypto.subtle (secure contexts only, one buffer).
import { Sha256 } from './report-sha256.js';

/** The canonical JSON of a JSON-able value: JSON.stringify with every object's keys sorted. */
export function canonicalJson(value) {
  const sorted = (v) => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v === null || typeof v !== 'object') return v;
    const out = {};
    for (const k of Object.keys(v).sort()) out[k] = sorted(v[k]);
    return out;
  };
  return JSON.stringify(sorted(JSON.parse(JSON.stringify(value))));
}

/** The SHA-256 of bytes (Uint8Array, ArrayBuffer) or of a text's UTF-8, as 64 lowercase hex digits. */
export async function sha256Hex(input) {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input instanceof Uint8Array ? input : new Uint8Array(input);
  return new Sha256().update(bytes).hex();
}

/** The SHA-256 of a Blob or File, read in pieces of `chunk` bytes (never held whole). */
export async function sha256OfBlob(blob, chunk = 8 * 2 ** 20) {
  const hash = new Sha256();
  for (let at = 0; at < blob.size; at += chunk) hash.update(new Uint8Array(await blob.slice(at, at + chunk).arrayBuffer()));
  return hash.hex();
}
