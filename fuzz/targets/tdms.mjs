// Target tdms: the TDMS reader (readTdms, wasm/tdms.js) on the npTDMS-written fixtures of
// tests/fixtures/formats/tdms/ (every segment layout npTDMS's tests build, DAQmx, big-endian),
// mutated (binary-mutations.mjs); its Recording is checked against the reader's promises
// (calls.mjs readBinary).
import { binaryTarget } from '../binary-mutations.mjs';

export const { setup, arbitrary, prepare } = binaryTarget(new URL('../../tests/fixtures/formats/tdms/', import.meta.url), '.tdms', 'tdms');
