// The audio input as a source of sample-chunks.js (issue 54, item 1): getUserMedia with echo
// cancellation, noise suppression and automatic gain control off (they change the signal), an
// AudioContext at the track's own rate (so Web Audio does not resample), and an AudioWorklet
// (capture-worklet.js) that posts the raw Float32 samples (full scale ±1). A refused permission,
// a missing device or an unplugged one ends the source with one sentence saying what to do.

/** The sentence for an error of getUserMedia or of the audio graph. */
export function audioError(e) {
  const name = e?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'The browser refused the audio input: allow the microphone for this page (the icon in the address bar), then Connect again.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No audio input was found: plug in the sound card or microphone, then Connect again.';
  if (name === 'NotReadableError') return 'The audio input is in use by another program or could not be opened: close that program, then Connect again.';
  return `The audio input could not be opened: ${e?.message ?? e}`;
}

/** Opens the audio input; resolves with a source (label, channels, rate) or rejects with an Error whose message is audioError's. */
export async function openAudioSource() {
  if (!navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined') {
    throw new Error('This browser gives the page no audio input: open it over https (or from localhost) in a current Chrome, Edge, Firefox or Safari.');
  }
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: { ideal: 8 } },
    });
  } catch (e) {
    throw new Error(audioError(e));
  }
  const track = stream.getAudioTracks()[0];
  const settings = track.getSettings();
  let context;
  try {
    context = new AudioContext(settings.sampleRate ? { sampleRate: settings.sampleRate } : {});
    await context.audioWorklet.addModule(new URL('./capture-worklet.js', import.meta.url));
  } catch (e) {
    track.stop();
    throw new Error(audioError(e));
  }
  const count = Math.max(1, settings.channelCount ?? 1);
  const rate = context.sampleRate;
  let node = null;
  let input = null;
  const close = () => {
    node?.port.close();
    node?.disconnect();
    input?.disconnect();
    for (const t of stream.getTracks()) t.stop();
    context.close().catch(() => {});
  };
  return {
    label: track.label || 'audio input',
    channels: Array.from({ length: count }, (_, k) => ({ name: `channel ${k + 1}` })),
    rate,
    start(onChunk, onEnd = () => {}) {
      input = context.createMediaStreamSource(stream);
      node = new AudioWorkletNode(context, 'mechid-capture', {
        numberOfInputs: 1, numberOfOutputs: 1, channelCount: count, channelCountMode: 'explicit',
        channelInterpretation: 'discrete', processorOptions: { channels: count },
      });
      node.port.onmessage = ({ data }) => onChunk({ channels: data.channels, rate, t0: data.frame / rate });
      const silent = context.createGain();
      silent.gain.value = 0;
      input.connect(node).connect(silent).connect(context.destination);
      track.addEventListener('ended', () => {
        close();
        onEnd(new Error('The audio input stopped (unplugged or taken by another program): what was recorded is kept; plug it in and Connect again.'));
      });
      return context.resume();
    },
    stop: close,
  };
}
