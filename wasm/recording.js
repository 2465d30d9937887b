// The one interface of every file reader (text, universal file, MAT, WAV, TDMS, LVM): a file read
// into named channels with what the file states about them. Readers only read; choosing the
// time, input and output channels (recordingToDataset) and summarising a file (inspectRecording)
// happen once, here, for every format, in the CLI and in the page's worker alike.
//
// @typedef {object} Channel
// @property {string} name          as the file names it: a CSV header cell without its unit ("Time (s)"
//                                  → "Time"), a MAT variable ("Force"; a matrix's rows or columns
//                                  along its long dimension "Acceleration(2)"; a struct field
//                                  "s.x"), a UFF record "a1", a WAV channel "channel 1", a TDMS
//                                  "group/channel"
// @property {string} quantity      one of QUANTITIES: what the file states, else quantityOf(name, unit)
// @property {string} unit          as the file states it ("N", "m/s^2", "V"); "" when it does not
// @property {Float64Array} values  the samples (real parts of a complex record)
// @property {Float64Array} [imag]  imaginary parts of a complex record (FRF, spectrum)
// @property {number} [h]           sample spacing stated by the file (s; Hz for a frequency axis)
// @property {number} [start]       abscissa of the first sample (s or Hz), 0 when not stated
// @property {string} [axis]        'time' (default) or 'frequency'
// @property {object} [meta]        what a format adds (UFF node, direction, record; TDMS group),
//                                  shown by inspect as it is
//
// @typedef {object} Recording
// @property {string} format        'text', 'uff', 'mat', 'wav', 'tdms', 'lvm'
// @property {string} [variant]     the dialect or version read: 'csv', 'semicolon', 'tab', 'spaces',
//                                  'v5', 'v7.3', '58b', 'pcm16', 'float32', ...
// @property {Channel[]} channels   in file order
// @property {Object<string, number>} parameters  named scalars (MAT scalars such as Fs, numeric
//                                  TDMS properties, LVM header values)
// @property {Object<string, number>} [datasets]  universal file: dataset type → count (every one
//                                  found, read or not)
// @property {{nodes: number, lines: number, elements: number}} [geometry]
// @property {string[]} notes       what was skipped and why, one sentence each
// @property {(i: number) => string} [where]  where sample i (0-based) is in the file, for messages
//                                  ("line 17"); default "sample i+1"

/** What a channel holds (inspect's `quantity`; identify's inputs are forces, outputs one response kind). */
export const QUANTITIES = ['time', 'force', 'displacement', 'velocity', 'acceleration', 'voltage', 'other'];
