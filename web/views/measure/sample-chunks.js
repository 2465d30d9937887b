// The one interface every source of the Measure section gives its samples through (issue 54, item 6):
// a source is {label, channels: [{name}], start(onChunk, onEnd) → Promise, stop()} and hands over
// chunks, each either
//   {channels: Float32Array[], rate, t0}   evenly sampled: sample i of the chunk at t0 + i/rate (s);
//                                          the rate is the device's own (a sound card's), never resampled
//   {channels: Float32Array[], times: Float64Array}  unevenly sampled (a phone's accelerometer, a
//                                          serial device that prints its times): the times as measured
// one Float32Array per channel, all of one length. onEnd(error) tells why the source stopped (a
// permission refused, a device unplugged; null when stop() was asked). The recorder
// (recorder.js), the live view and the tests read every source the same way, so recorded data fed
// through recordedSource() below take the path of a sound card's or a serial port's samples.

/** True when a chunk has explicit times (an uneven source). */
export const isTimed = (chunk) => chunk.times !== undefined;

/** The number of samples of a chunk. */
export const chunkLength = (chunk) => chunk.channels[0]?.length ?? 0;

/**
 * A source that plays recorded samples (arrays of numbers per channel) in chunks of `size`:
 * evenly at `rate` (Hz) or at the given `times` (s). The tests' stand-in for a device: start()
 * resolves once every chunk has been handed to onChunk (in order), then calls onEnd(null).
 */
export function recordedSource(names, columns, { rate, times, size = 1024, label = 'recorded samples' }) {
  let stopped = false;
  return {
    label,
    channels: names.map((name) => ({ name })),
    async start(onChunk, onEnd = () => {}) {
      const n = columns[0]?.length ?? 0;
      for (let at = 0; at < n && !stopped; at += size) {
        const end = Math.min(n, at + size);
        const channels = columns.map((c) => Float32Array.from(c.slice(at, end)));
        onChunk(times ? { channels, times: Float64Array.from(times.slice(at, end)) } : { channels, rate, t0: at / rate });
        await Promise.resolve();
      }
      onEnd(null);
    },
    stop() { stopped = true; },
  };
}
