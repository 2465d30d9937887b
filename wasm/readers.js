// Every file format mechid reads into a Recording (wasm/recording.js), with the rule that
// recognises it: its first bytes (a magic number or header text), else its name. One table for
// the CLI and the page's worker; a format is added by one entry here. Text (CSV and its
// dialects) is the last entry: what no other entry recognises.
import { looksLikeUff, parseUff } from './uff.js';
import { uffRecording, uffRecordingToDataset } from './uff-recording.js';
import { looksLikeMat5, readMatBlob } from './mat.js';
import { looksLikeHdf5, looksLikeMat73, readMat73 } from './mat73.js';
import { looksLikeTdms, readTdmsBlob } from './tdms.js';
import { looksLikeWav, readWavBlob } from './wav.js';

import { readLvm } from './lvm.js';
import { readText } from './text.js';

/** Bytes looked at to recognise a format (a MAT header is 128, HDF5's signature after 512). */
export const SNIFF_BYTES = 4096;

/** True when the bytes start with the ASCII text `tag` at `offset`. */
export const startsWith = (head, tag, offset = 0) => head.length >= offset + tag.length &&
  [...tag].every((ch, i) => head[offset + i] === ch.charCodeAt(0));

/**
 * The readers: {format, recognise(head: Uint8Array, name: string) -> boolean, read(bytes:
 * Uint8Array, source: string, {onProgress, owned}) -> Recording (or a promise of one; owned: the
 * bytes were read from a File or Blob for this read, the reader may change them), toDataset?
 * (recording, mapping) -> dataset: a format's checks and messages before recordingToDataset,
 * blob?: true when read also takes the File or Blob itself (read in place in a worker)}.
 */
export const READERS = [
  { format: 'mat', recognise: looksLikeMat5, read: readMatBlob, blob: true },
  // MAT v7.3, and any HDF5 file: one that is not MATLAB's is refused in one line saying so.
  { format: 'mat', recognise: (head) => looksLikeMat73(head) || looksLikeHdf5(head), read: readMat73, blob: true },
  // owned: the bytes were read from a File for this read (record.js), so 58b doubles are used in place.
  { format: 'uff', recognise: (head, name) => /\.(uff|unv)$/i.test(name) || looksLikeUff(head), read: (bytes, source, { onProgress, owned } = {}) => uffRecording(parseUff(bytes, source, { onProgress, inPlace: owned }), source), toDataset: uffRecordingToDataset },
  { format: 'wav', recognise: (head) => looksLikeWav(head), read: readWavBlob, blob: true },
  { format: 'tdms', recognise: (head) => looksLikeTdms(head), read: readTdmsBlob, blob: true },
  { format: 'lvm', recognise: (head) => startsWith(head, 'LabVIEW Measurement', head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0), read: readLvm, blob: true },
  // Text: any other file; wasm/text.js finds its dialect and refuses binary data in one line.
  // Both text readers stream a File or Blob in chunks (never the whole file at once: issue 56 item 7).
  { format: 'text', recognise: () => true, read: readText, blob: true },
];

/** The reader of a file named `name` whose first SNIFF_BYTES bytes are `head` (text when no other). */
export const readerOf = (name, head) => READERS.find((r) => r.recognise(head, name));
