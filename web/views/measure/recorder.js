// What a source has given since Record was pressed (sample-chunks.js chunks), kept as the samples
// arrived: per channel a list of Float32Array pieces, and for an uneven source the measured times
// (Float64Array pieces). Nothing is resampled or filtered here; the record handed on
// (record-file.js) holds these samples, each channel times its calibration factor.

export class Recorder {
  /** channels: the source's channel count. */
  constructor(channels) {
    this.pieces = Array.from({ length: channels }, () => []);
    this.timePieces = [];
    this.rate = null;   // Hz, for an even source
    this.t0 = null;     // s: the first sample's time
    this.length = 0;
    this.timed = false;
  }

  /** Appends a chunk; an even source's rate must stay the device's (a change is refused). */
  add(chunk) {
    const n = chunk.channels[0]?.length ?? 0;
    if (n === 0) return;
    if (chunk.channels.length !== this.pieces.length) {
      throw new Error(`the source gave ${chunk.channels.length} channels where it had ${this.pieces.length}`);
    }
    if (chunk.times) {
      this.timed = true;
      this.timePieces.push(chunk.times);
      if (this.t0 === null) this.t0 = chunk.times[0];
    } else {
      if (this.rate === null) {
        this.rate = chunk.rate;
        this.t0 = chunk.t0;
      } else if (chunk.rate !== this.rate) {
        throw new Error(`the source's rate changed from ${this.rate} Hz to ${chunk.rate} Hz while recording`);
      }
    }
    chunk.channels.forEach((c, k) => this.pieces[k].push(c));
    this.length += n;
  }

  /** Seconds recorded (an even source: samples/rate; an uneven one: last time − first time). */
  seconds() {
    if (this.length === 0) return 0;
    if (this.timed) return this.timePieces.at(-1).at(-1) - this.t0;
    return this.length / this.rate;
  }

  /** Drops whole pieces from the start while at least n samples remain (the live view's memory). */
  keepLast(n) {
    while (this.pieces[0].length > 1 && this.length - this.pieces[0][0].length >= n) {
      const dropped = this.pieces[0][0].length;
      for (const p of this.pieces) p.shift();
      this.timePieces.shift();
      this.length -= dropped;
      if (this.rate) this.t0 += dropped / this.rate;
    }
  }

  /** Channel k's samples, the last `last` of them (all by default), as one Float32Array. */
  channel(k, last = Infinity) {
    return joined(this.pieces[k], Float32Array, last);
  }

  /** The measured times (uneven sources), the last `last` of them, as one Float64Array; null for an even source. */
  times(last = Infinity) {
    return this.timed ? joined(this.timePieces, Float64Array, last) : null;
  }
}

// The pieces' last `last` values, in order, as one typed array.
function joined(pieces, Type, last) {
  const total = pieces.reduce((n, p) => n + p.length, 0);
  const n = Math.min(total, last);
  const out = new Type(n);
  let at = n;
  for (let k = pieces.length - 1; k >= 0 && at > 0; k--) {
    const p = pieces[k];
    const take = Math.min(p.length, at);
    out.set(p.subarray(p.length - take), at - take);
    at -= take;
  }
  return out;
}
