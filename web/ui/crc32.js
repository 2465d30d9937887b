// CRC-32 of a byte array (ISO 3309 / ITU-T V.42, the polynomial 0xEDB88320 reflected), as the PNG
// specification (W3C PNG, 2nd ed., §5.5 and Annex D) defines each chunk's check value: computed over
// the chunk's type and data. Used to write the chunks of an animated PNG (web/ui/apng.js).

let table = null;

function crcTable() {
  table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/** The CRC-32 of `bytes` (a Uint8Array), continuing from `crc` (0 to start), as an unsigned integer. */
export function crc32(bytes, crc = 0) {
  const t = table ?? crcTable();
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
