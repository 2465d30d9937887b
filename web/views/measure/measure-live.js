// The live view of the Measure section: the last second of each kept channel against time, each
// channel's power spectral density over the last 10 s, and, with a force channel chosen, the running FRF (H1 and H2, |H| against frequency) and the
// coherence of every sample since Connect (or the last "Restart the averages", at most
// LIVE_SECONDS), with the number of averages. Every number is the core's (the worker's liveFrf:
// api.frf, Welch with a Hann window); the page only draws them and picks the peak of |H1| it names.
import { client } from '../../client/worker-client.js';
import { ChannelPlot } from '../../ui/plot-channels.js';
import { FrequencyPlot, magnitude } from '../../ui/plot-frequency.js';
import { $, fmt } from '../../ui/dom.js';

export const LIVE_SECONDS = 60;
const TRACE_POINTS = 2000;  // points drawn per trace (every k-th sample of the last second)

const traces = new ChannelPlot($('measure-traces'));
const spectrumPlot = new FrequencyPlot($('measure-spectrum'), { yLabel: 'PSD (unit²/Hz)', log: true });
const magPlot = new FrequencyPlot($('measure-frf-mag'), { yLabel: '|H|', log: true });
const cohPlot = new FrequencyPlot($('measure-coherence'), { yLabel: 'coherence', range: [0, 1.05] });
let busy = false;

/** Draws the last second of the channels (config: the channel table's rows) of the live recorder. */
export function showTraces(live, config) {
  const kept = config.map((c, k) => ({ ...c, k })).filter((c) => c.keep);
  if (live.length === 0 || kept.length === 0) return;
  const span = live.timed ? Math.min(live.length, 200) : Math.min(live.length, Math.round(live.rate));
  const step = Math.max(1, Math.floor(span / TRACE_POINTS));
  const times = live.times(span);
  const pick = (values) => Float64Array.from({ length: Math.floor(values.length / step) }, (_, i) => values[i * step]);
  const x = times ? pick(times) : Float64Array.from({ length: Math.floor(span / step) }, (_, i) => (live.length - span + i * step) / live.rate);
  const channels = kept.map((c) => ({ name: c.name, values: pick(live.channel(c.k, span)) }));
  traces.show(x, 't (s)', [{ quantity: 'samples', unit: live.timed ? 'as measured' : 'full scale', channels }]);
}

// The samples × channels matrix of the recorder's last n samples of the channels ks, each times its factor.
function matrixOf(live, config, ks, n) {
  const data = new Float64Array(n * ks.length);
  ks.forEach((k, j) => {
    const values = live.channel(k, n);
    for (let i = 0; i < n; i++) data[i * ks.length + j] = values[i] * config[k].factor;
  });
  return { rows: n, cols: ks.length, data };
}

const SPECTRUM_SECONDS = 10;  // the running spectrum: of the last 10 s
const FEW_AVERAGES = 10;  // below: the coherence is biased towards 1 (Bendat & Piersol, Random Data, 2010: the bias of the coherence estimate)

/**
 * Asks the worker for each kept channel's power spectral density (the core's Welch estimate) over
 * the last SPECTRUM_SECONDS and draws it; an uneven source (a phone) has none.
 */
export async function showSpectrum(live, config, segment) {
  if (live.timed) return;
  const kept = config.map((c, k) => ({ ...c, k })).filter((c) => c.keep);
  const n = Math.min(live.length, Math.round(SPECTRUM_SECONDS * live.rate));
  if (kept.length === 0 || n < segment) return;
  try {
    const { spectrum } = await client.liveSpectrum({ h: 1 / live.rate, y: matrixOf(live, config, kept.map((c) => c.k), n), options: { segment } });
    spectrumPlot.show(spectrum.freq_hz, kept.map((c, j) => ({ label: `${c.name} (${c.unit || 'unit'}²/Hz)`, values: spectrum.psd[j] })));
    $('measure-spectrum').dataset.segments = String(spectrum.segments);
  } catch (e) {
    $('measure-live').textContent = `No spectrum: ${e.message}`;
  }
}

/**
 * Asks the worker for the FRF of the force channel `force` to the other kept channels (one request
 * at a time: a slow one is not queued behind) and draws it; says in #measure-live the averages and
 * where |H1| of the first response peaks, with the coherence there (data-peak-hz, data-coherence: the lowest of
 * the 5 lines around the peak, data-averages for the tests).
 */
export async function showFrf(live, config, force, segment) {
  const line = $('measure-live');
  if (busy || live.timed) return;
  if (force === null) {  // the running spectrum alone
    busy = true;
    await showSpectrum(live, config, segment).finally(() => { busy = false; });
    return;
  }
  const outputs = config.map((c, k) => ({ ...c, k })).filter((c) => c.keep && c.k !== force).map((c) => c.k);
  if (outputs.length === 0) return;
  const n = Math.min(live.length, Math.round(LIVE_SECONDS * live.rate));
  if (n < segment) {
    line.textContent = `The FRF starts after one segment: ${segment} samples (${fmt(segment / live.rate)} s).`;
    return;
  }
  busy = true;
  try {
    await showSpectrum(live, config, segment);
    const { frf } = await client.liveFrf({
      h: 1 / live.rate, u: matrixOf(live, config, [force], n), y: matrixOf(live, config, outputs, n),
      options: { segment, periods: 0, window: 'hann' },
    });
    if (frf.status === 'failed') {
      line.textContent = `No FRF yet: ${frf.message}`;
      return;
    }
    const names = outputs.map((k) => config[k].name);
    const h1 = frf.H.map((row) => magnitude(row[0]));
    const h2 = frf.H2.map((row) => magnitude(row[0]));
    magPlot.show(frf.freq_hz, names.flatMap((name, o) => [{ label: `H1 ${name}`, values: h1[o] }, { label: `H2 ${name}`, values: h2[o], dash: [4, 3] }]));
    cohPlot.show(frf.freq_hz, names.map((name, o) => ({ label: `γ² ${name}`, values: frf.coherence[o] })));
    let peak = 1;  // the largest |H1| of the first response above 0 Hz
    for (let f = 2; f < h1[0].length; f++) if ((h1[0][f] ?? 0) > (h1[0][peak] ?? 0)) peak = f;
    // the lowest coherence of the lines next to the peak (two on each side): what the peak rests on
    const around = frf.coherence[0].slice(Math.max(0, peak - 2), peak + 3).filter((x) => x !== null);
    const coherence = Math.min(...around);
    Object.assign(line.dataset, { peakHz: String(frf.freq_hz[peak]), coherence: String(coherence), averages: String(frf.averages) });
    // one average gives a coherence of 1 whatever the data, a few a coherence biased towards 1
    const few = frf.averages < FEW_AVERAGES ? ` With fewer than ${FEW_AVERAGES} averages the coherence is biased towards 1: wait for more.` : '';
    line.textContent = `${frf.averages} averages of ${frf.segment} samples: |H1| of ${names[0]} peaks at ${fmt(frf.freq_hz[peak])} Hz, `
      + `coherence around it at least ${fmt(coherence, 3)}.${few}`;
  } catch (e) {
    line.textContent = `No FRF: ${e.message}`;
  } finally {
    busy = false;
  }
}

/** Empties the live view (a new source). */
export function clearLive() {
  traces.destroy();
  spectrumPlot.destroy();
  magPlot.destroy();
  cohPlot.destroy();
  $('measure-live').textContent = '';
}
