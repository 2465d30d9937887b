// A phone's (or tablet's) accelerometer as a source of sample-chunks.js (issue 54, item 1): the
// Generic Sensor API's Accelerometer where the browser has it (Chrome on Android), else the
// devicemotion event (Safari on iOS asks for permission first; Firefox). Readings come when the
// sensor gives them: their times (s, from the first reading) are kept as measured, uneven; the
// record is resampled to a uniform grid only when the user asks (the reader's resampling,
// wasm/recording.js, when the record is analysed). Chunks of the readings of each FLUSH_MS.
const FLUSH_MS = 200;
const NAMES = ['ax', 'ay', 'az'];

/** Opens the accelerometer; resolves with a source or rejects with an Error saying what to do. */
export async function openPhoneSource({ frequency = 60 } = {}) {
  const hasSensor = typeof Accelerometer === 'function';
  const hasMotion = typeof DeviceMotionEvent === 'function';
  if (!hasSensor && !hasMotion) {
    throw new Error('This browser has no accelerometer for the page: open it on a phone, over https, in Chrome (Android) or Safari (iOS).');
  }
  if (!hasSensor && typeof DeviceMotionEvent.requestPermission === 'function') {
    const answer = await DeviceMotionEvent.requestPermission().catch(() => 'denied');
    if (answer !== 'granted') throw new Error('The browser refused the motion sensors: allow them for this page, then Connect again.');
  }
  let sensor = null;
  let timer = null;
  let listener = null;
  const stop = () => {
    sensor?.stop();
    if (listener) window.removeEventListener('devicemotion', listener);
    clearInterval(timer);
  };
  return {
    label: hasSensor ? 'accelerometer (Generic Sensor API)' : 'accelerometer (devicemotion)',
    channels: NAMES.map((name) => ({ name })),
    start(onChunk, onEnd = () => {}) {
      const times = [];
      const values = NAMES.map(() => []);
      let first = null;
      const reading = (ms, xyz) => {
        first ??= ms;
        times.push((ms - first) / 1000);
        xyz.forEach((v, k) => values[k].push(v ?? NaN));
      };
      timer = setInterval(() => {
        if (times.length === 0) return;
        onChunk({ channels: values.map((v) => Float32Array.from(v.splice(0))), times: Float64Array.from(times.splice(0)) });
      }, FLUSH_MS);
      if (hasSensor) {
        sensor = new Accelerometer({ frequency });
        sensor.addEventListener('reading', () => reading(sensor.timestamp, [sensor.x, sensor.y, sensor.z]));
        sensor.addEventListener('error', (e) => {
          stop();
          const refused = e.error?.name === 'NotAllowedError';
          onEnd(new Error(refused ? 'The browser refused the accelerometer: allow motion sensors for this page, then Connect again.'
            : `The accelerometer stopped: ${e.error?.message ?? 'no reading'}; what was recorded is kept.`));
        });
        sensor.start();
      } else {
        listener = (e) => {
          const a = e.accelerationIncludingGravity;
          reading(e.timeStamp, [a?.x, a?.y, a?.z]);
        };
        window.addEventListener('devicemotion', listener);
      }
    },
    stop,
  };
}
