// Benchmark module of the WAVE reader (bench/formats.mjs times read() in MB/s and its peak memory
// on a file of about 200 MB): a two-channel 16-bit PCM recording at 48 kHz (a sound card's
// force and response), written in blocks so that make() holds one block at a time.
import { closeSync, openAsBlob, openSync, writeSync } from 'node:fs';
import { readRecording } from '../../wasm/record.js';

export const name = 'wav';

const CHANNELS = 2, BYTES = 2, RATE = 48000, BLOCK_FRAMES = 1 << 16;

/** Writes a PCM16 stereo WAVE file of about `bytes` bytes at `path`. */
export function make(path, bytes) {
  const frames = Math.max(1, Math.floor((bytes - 44) / (CHANNELS * BYTES)));
  const dataBytes = frames * CHANNELS * BYTES;
  const head = new DataView(new ArrayBuffer(44));
  const tag = (at, s) => [...s].forEach((ch, k) => head.setUint8(at + k, ch.charCodeAt(0)));
  tag(0, 'RIFF'); head.setUint32(4, 36 + dataBytes, true); tag(8, 'WAVE');
  tag(12, 'fmt '); head.setUint32(16, 16, true); head.setUint16(20, 1, true); head.setUint16(22, CHANNELS, true);
  head.setUint32(24, RATE, true); head.setUint32(28, RATE * CHANNELS * BYTES, true); head.setUint16(32, CHANNELS * BYTES, true); head.setUint16(34, 8 * BYTES, true);
  tag(36, 'data'); head.setUint32(40, dataBytes, true);
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, new Uint8Array(head.buffer));
    for (let start = 0; start < frames; start += BLOCK_FRAMES) {
      const n = Math.min(BLOCK_FRAMES, frames - start);
      const block = new Int16Array(n * CHANNELS);
      for (let i = 0; i < n; i++) {
        const t = (start + i) / RATE;
        block[2 * i] = Math.round(20000 * Math.sin(2 * Math.PI * 31 * t));
        block[2 * i + 1] = Math.round(9000 * Math.sin(2 * Math.PI * 31 * t - 0.7));
      }
      writeSync(fd, new Uint8Array(block.buffer));
    }
  } finally {
    closeSync(fd);
  }
}

/** The Recording of the file as the CLI and the page read it: a Blob, read in parts. */
export const read = async (path) => readRecording(await openAsBlob(path), path);
