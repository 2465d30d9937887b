// Target wav: the WAVE reader (readWav, wasm/wav.js) on the sox-written fixtures of
// tests/fixtures/formats/wav/, mutated (binary-mutations.mjs); its Recording is checked against the
// reader's promises (calls.mjs readBinary).
import { binaryTarget } from '../binary-mutations.mjs';

export const { setup, arbitrary, prepare } = binaryTarget(new URL('../../tests/fixtures/formats/wav/', import.meta.url), '.wav', 'wav');
