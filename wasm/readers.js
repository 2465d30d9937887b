// Every file format mechid reads into a Recording (wasm/recording.js), with the rule that
// recognises it: its first bytes (a magic number or header text), else its name. One table for
// the CLI and the page's worker; a format is added by one entry here. Text (CSV and its
// dialects) is what no entry recognises.
import { looksLikeTdms, readTdms } from './tdms.js';
import { looksLikeWav, readWav } from './wav.js';

/** Bytes looked at to recognise a format (a MAT header is 128, HDF5's signature after 512). */
export const SNIFF_BYTES = 4096;

/** True when the bytes start with the ASCII text `tag` at `offset`. */
export const startsWith = (head, tag, offset = 0) => head.length >= offset + tag.length &&
  [...tag].every((ch, i) => head[offset + i] === ch.charCodeAt(0));

/**
 * The readers: {format, recognise(head: Uint8Array, name: string) -> boolean, read(bytes:
 * Uint8Array, source: string, {onProgress}) -> Recording (or a promise of one)}.
 */
export const READERS = [
  { format: 'wav', recognise: (head) => looksLikeWav(head), read: readWav },
  { format: 'tdms', recognise: (head) => looksLikeTdms(head), read: readTdms },
];

/** The reader of a file named `name` whose first SNIFF_BYTES bytes are `head`, or undefined (text). */
export const readerOf = (name, head) => READERS.find((r) => r.recognise(head, name));
