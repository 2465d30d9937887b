// MATLAB MAT-file v7.3 (`save -v7.3`) read into a Recording (wasm/recording.js). Such a file is an
// HDF5 file with a 512-byte user block holding the MAT header text ("MATLAB 7.3 MAT-file"); each
// variable is a dataset (a struct: a group) of the root group with an attribute MATLAB_class
// ('double', 'single', 'int8'…'uint64', 'logical', 'char', 'cell', 'struct'…). MATLAB arrays are
// column-major, HDF5's row-major: a MATLAB m×n array is stored with HDF5 shape [n, m] and the same
// bytes, so the MATLAB dimensions are the HDF5 shape reversed and the data are already in MATLAB's
// order. Complex arrays are compound {real, imag}; an empty array holds its dimensions with the
// attribute MATLAB_empty; cell arrays hold object references into the group "#refs#".
//
// HDF5 is read by the npm package h5wasm (the HDF Group's C library compiled to WebAssembly,
// loaded only when a v7.3 file is read). In a worker a dropped File is mounted with Emscripten's
// WORKERFS and read in place (HDF5 reads the parts it needs); elsewhere (Node, the main thread) the
// bytes become a file of h5wasm's in-memory file system without a copy (MEMFS owns them while read).
// What becomes a channel, a parameter or a note is decided in mat-channels.js, as for MAT v5.
import { blobBytes } from './blob-bytes.js';
import { badInput, quoted } from './errors.js';
import { MAX_INFLATED, ascii } from './mat.js';
import { matRecording, variableName } from './mat-channels.js';

/** The 8-byte HDF5 signature (at byte 0, 512, 1024, … of the file). */
export const HDF5_SIGNATURE = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];
/** Whether `bytes` hold the HDF5 signature at `offset`. */
export const hdf5At = (bytes, offset) => bytes.length >= offset + 8 && HDF5_SIGNATURE.every((b, i) => bytes[offset + i] === b);
/** Whether the first bytes are an HDF5 file (signature at 0 or after a 512-byte user block). */
export const looksLikeHdf5 = (head) => hdf5At(head, 0) || hdf5At(head, 512);

// MATLAB's header text: "MATLAB 7.3 MAT-file" since R2006b; MATLAB 7.4 wrote "MATLAB 7.0 MAT-file
// ... HDF5 schema 0.05" (SciPy's testhdf5_7.4_GLNX86.mat).
const MAT_HEADER = /^MATLAB \d+\.\d+ MAT-file/;
/** Whether the first bytes (≥ 520) are a MAT v7.3 file: MATLAB's header text and HDF5 at byte 512. */
export const looksLikeMat73 = (head) => MAT_HEADER.test(ascii(head.subarray(0, 20))) && hdf5At(head, 512);

const NUMERIC = new Set(['double', 'single', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'logical']);
const isBlob = (x) => typeof Blob !== 'undefined' && x instanceof Blob;
const inWorker = () => typeof WorkerGlobalScope !== 'undefined' && typeof FileReaderSync !== 'undefined';

let h5wasmModule = null;
// h5wasm, once: the npm package in Node, the copy next to this file (web/gen/vendor/h5wasm) in a page.
async function loadH5wasm() {
  if (!h5wasmModule) {
    const node = typeof process !== 'undefined' && process.versions?.node;
    const url = node ? 'h5wasm' : new URL('./vendor/h5wasm/hdf5_hl.js', import.meta.url).href;
    const h5wasm = (await import(url)).default;
    // HDF5's errors as thrown JS errors rather than its diagnostic stack printed to the console.
    (await h5wasm.ready).activate_throwing_error_handler();
    h5wasmModule = h5wasm;
  }
  return h5wasmModule;
}

// The deepest cause of an HDF5 error ("#003: … in H5F__super_read(): file signature not found"
// → "file signature not found"), as one line.
function hdf5Reason(e) {
  const text = String(e?.message ?? e);
  const causes = [...text.matchAll(/#\d+: .*?\(\): ([^\n]*)/g)].map((m) => m[1].trim());
  return causes.at(-1) ?? text.split('\n')[0];
}

const attribute = (node, name) => {
  const a = node.attrs?.[name];
  if (!a) return undefined;
  const v = a.value;
  return typeof v === 'string' ? v : (ArrayBuffer.isView(v) ? Number(v[0]) : v);
};

// The numbers of a dataset's value as a Float64Array (int64 rounds to the nearest double).
function toFloat64(value) {
  if (value instanceof Float64Array) return value;
  const out = new Float64Array(value.length);
  for (let i = 0; i < value.length; i++) out[i] = Number(value[i]);
  return out;
}

// One dataset as a variable {name, kind, dims, re, im, text, why} (mat-channels.js).
function datasetVariable(ds, name, source) {
  const cls = attribute(ds, 'MATLAB_class');
  const shape = ds.shape ?? [];
  const dims = shape.length ? [...shape].reverse() : [1, 1];
  const label = variableName(name);
  if (attribute(ds, 'MATLAB_empty')) return { name, kind: 'numeric', dims: [0, 0], re: new Float64Array(0) };
  if (attribute(ds, 'MATLAB_sparse') !== undefined) return { name, kind: 'sparse', dims, why: 'is a sparse matrix: not read (save it with full() first)' };
  if (cls === 'cell') return { name, kind: 'cell', dims, why: 'is a cell array: cells are not read (save its contents as separate variables)' };
  const numel = dims.reduce((a, b) => a * b, 1);
  const itemSize = ds.metadata?.size ?? 8;
  if (numel * itemSize > MAX_INFLATED) throw badInput(`${source}: ${label} declares ${dims.join('×')} values (${numel * itemSize} bytes): more than ${MAX_INFLATED} bytes, not read`);
  if (cls === 'char') {
    const codes = ds.value;
    const textOf = Array.from(codes ?? [], (c) => String.fromCharCode(Number(c))).join('');
    return { name, kind: 'char', dims, text: textOf };
  }
  if (!NUMERIC.has(cls)) return { name, kind: 'other', dims, why: `is of MATLAB class ${quoted(String(cls))}: not read` };
  const dtype = ds.metadata;
  if (dtype?.type === 6 /* H5T_COMPOUND */) {
    const members = dtype.compound_type?.members?.map((m) => m.name) ?? [];
    if (!members.includes('real') || !members.includes('imag')) return { name, kind: 'other', dims, why: `is a compound dataset (${members.join(', ')}), not a complex MATLAB array: not read` };
    const rows = ds.value;  // [[re, im], …] in member order
    const ri = members.indexOf('real'), ii = members.indexOf('imag');
    const re = new Float64Array(numel), im = new Float64Array(numel);
    for (let i = 0; i < numel; i++) { re[i] = Number(rows[i][ri]); im[i] = Number(rows[i][ii]); }
    return { name, kind: 'numeric', mclass: cls, dims, re, im };
  }
  const value = ds.value;
  if (!value || typeof value.length !== 'number' || typeof value === 'string') return { name, kind: 'other', dims, why: 'holds no numbers HDF5 can read: not read' };
  const re = toFloat64(value);
  if (re.length !== numel) throw badInput(`${source}: ${label}: ${re.length} values where its dimensions ${dims.join('×')} need ${numel}`);
  return { name, kind: 'numeric', mclass: cls, dims, re };
}

// The variables of the root group (structs one level deep: their fields as "s.field").
function variables(h5wasm, file, source, notes) {
  const out = [];
  let matlab = 0;
  for (const key of file.keys()) {
    if (key.startsWith('#')) continue;  // "#refs#" (cell contents), "#subsystem#" (objects)
    const node = file.get(key);
    const cls = attribute(node, 'MATLAB_class');
    if (cls !== undefined) matlab++;
    if (node instanceof h5wasm.Group) {
      if (cls !== 'struct') { out.push({ name: key, kind: 'other', dims: [1, 1], why: `is a group of class ${quoted(String(cls))}: not read` }); continue; }
      for (const field of node.keys()) {
        const child = node.get(field);
        const full = `${key}.${field}`;
        if (child instanceof h5wasm.Dataset) out.push(datasetVariable(child, full, source));
        else out.push({ name: full, kind: 'struct', dims: [1, 1], why: 'is a struct inside a struct: only one level of fields is read' });
      }
    } else if (node instanceof h5wasm.Dataset) {
      out.push(datasetVariable(node, key, source));
    } else {
      notes.push(`${variableName(key)} is neither a dataset nor a group: skipped`);
    }
  }
  if (!matlab) throw badInput(`${source}: an HDF5 file whose variables have no MATLAB_class attribute: not a MATLAB v7.3 MAT file`);
  return out;
}

/**
 * A MAT v7.3 file (bytes, or in a worker a File/Blob read in place) named `source` read into a
 * Recording (format 'mat', variant 'v7.3'). An HDF5 file without MATLAB's header is refused in one
 * line; so is a file that HDF5 cannot open.
 */
export async function readMat73(input, source, { onProgress } = {}) {
  const head = isBlob(input) ? new Uint8Array(await input.slice(0, 1024).arrayBuffer()) : input.subarray(0, 1024);
  if (!looksLikeMat73(head)) {
    const why = !looksLikeHdf5(head) ? 'neither MATLAB\'s header with HDF5 data at byte 512 nor an HDF5 file'
      : MAT_HEADER.test(ascii(head.subarray(0, 20))) ? 'MATLAB\'s header without HDF5 data at byte 512: the file is damaged'
        : 'an HDF5 file without MATLAB\'s 512-byte header ("MATLAB 7.3 MAT-file")';
    throw badInput(`${source}: not a MATLAB v7.3 MAT file (${why})`);
  }
  const h5wasm = await loadH5wasm();
  const { FS } = await h5wasm.ready;
  const dir = `/mechid-${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
  FS.mkdir(dir);
  let path, mounted = false, file = null;
  try {
    if (isBlob(input) && inWorker()) {
      const named = input instanceof File ? input : new File([input], 'record.mat');
      FS.mount(FS.filesystems.WORKERFS, { files: [named] }, dir);
      mounted = true;
      path = `${dir}/${named.name}`;
    } else {
      path = `${dir}/record.mat`;
      // canOwn: the in-memory file is the caller's bytes themselves (opened read-only), no copy.
      FS.writeFile(path, isBlob(input) ? await blobBytes(input) : input, { canOwn: true });
    }
    onProgress?.(0.1);
    try {
      file = new h5wasm.File(path, 'r');
    } catch (e) {
      throw badInput(`${source}: HDF5 cannot open this MATLAB v7.3 file (${hdf5Reason(e)}): the file is damaged or truncated`);
    }
    const notes = [];
    let vars;
    try {
      vars = variables(h5wasm, file, source, notes);
    } catch (e) {
      if (e?.name === 'MechidError') throw e;
      throw badInput(`${source}: HDF5 cannot read this MATLAB v7.3 file (${hdf5Reason(e)}): the file is damaged or truncated`);
    }
    onProgress?.(1);
    return matRecording(vars, { source, variant: 'v7.3', notes });
  } finally {
    try { file?.close(); } catch { /* already closed */ }
    if (mounted) FS.unmount(dir);
    else if (path) try { FS.unlink(path); } catch { /* not written */ }
    FS.rmdir(dir);
  }
}
