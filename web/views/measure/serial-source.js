// A serial device (a microcontroller printing lines of numbers over USB) as a source of
// sample-chunks.js (issue 54, item 1), through Web Serial (Chrome and Edge on a desktop): the port
// chosen by the user, opened at the baud rate given; its bytes go through the line parser
// (serial-lines.js), one chunk per read: with the device's own times ('t,ch1,ch2…': kept as
// measured) or at the stated rate ('ch1,ch2…'). An unplugged device ends the source, and what was
// recorded is kept.
import { SerialLineParser } from './serial-lines.js';

/**
 * Asks the user for a port and opens it; resolves with a source or rejects with an Error saying
 * what to do. format: 'timed' | 'rate'; rate (Hz) for 'rate'.
 */
export async function openSerialSource({ baudRate, format, rate }) {
  if (!navigator.serial) throw new Error('This browser has no Web Serial: use Chrome or Edge on a computer (over https or from localhost).');
  let port;
  try {
    port = await navigator.serial.requestPort();
    await port.open({ baudRate });
  } catch (e) {
    if (e?.name === 'NotFoundError') throw new Error('No serial port was chosen: plug the device in, then Connect and choose it.');
    throw new Error(`The serial port could not be opened: ${e?.message ?? e}`);
  }
  const timed = format === 'timed';
  const parser = new SerialLineParser({ timed });
  let reader = null;
  let stopped = false;
  let emitted = 0;
  const source = {
    label: 'serial device',
    channels: null,  // known after the first line of numbers
    parser,
    start(onChunk, onEnd = () => {}) {
      const hand = ({ times, values }) => {
        const n = values[0]?.length ?? 0;
        if (n === 0) return;
        source.channels ??= values.map((_, k) => ({ name: `channel ${k + 1}` }));
        const channels = values.map((v) => Float32Array.from(v));
        onChunk(timed ? { channels, times: Float64Array.from(times) } : { channels, rate, t0: emitted / rate });
        emitted += n;
      };
      (async () => {
        try {
          reader = port.readable.getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            hand(parser.push(value));
          }
          hand(parser.end());
          onEnd(stopped ? null : new Error('The serial device stopped sending: what was recorded is kept.'));
        } catch (e) {
          hand(parser.end());
          onEnd(stopped ? null : new Error(`The serial device was lost (${e?.message ?? e}; unplugged?): what was recorded is kept; plug it in and Connect again.`));
        } finally {
          reader?.releaseLock();
          port.close().catch(() => {});
        }
      })();
    },
    stop() {
      stopped = true;
      reader?.cancel().catch(() => {});
    },
  };
  return source;
}
