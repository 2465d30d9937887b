// SHA-256 digests of the report (wasm/report.js): of the data file's bytes, and of the canonical
// JSON of the embedded result (keys sorted at every level), so that a changed result is found.
// crypto.subtle.digest exists in Node >= 20 and in the browser (a secure context or a file:// page).

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
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
