// The AudioWorklet of the audio source (audio-source.js): copies the input's raw samples, as the
// device gives them at the context's rate (the device's own: no resampling), into blocks of
// BLOCK frames and posts each block to the page with the frame index of its first sample.
// Loaded by URL (audioWorklet.addModule), a module of this origin (the page's CSP: script-src 'self').
const BLOCK = 2048;

class CaptureProcessor extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.count = options.processorOptions.channels;
    this.block = Array.from({ length: this.count }, () => new Float32Array(BLOCK));
    this.filled = 0;
    this.frame = 0;  // frames posted before this block
  }

  process(inputs) {
    const input = inputs[0];
    const n = input[0]?.length ?? 0;
    for (let at = 0; at < n;) {
      const take = Math.min(n - at, BLOCK - this.filled);
      for (let k = 0; k < this.count; k++) {
        const source = input[k] ?? input[0];  // a channel the device did not send: a copy of the first
        this.block[k].set(source.subarray(at, at + take), this.filled);
      }
      this.filled += take;
      at += take;
      if (this.filled === BLOCK) {
        this.port.postMessage({ channels: this.block, frame: this.frame }, this.block.map((b) => b.buffer));
        this.block = Array.from({ length: this.count }, () => new Float32Array(BLOCK));
        this.frame += BLOCK;
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('mechid-capture', CaptureProcessor);
