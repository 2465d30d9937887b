// The report's sections of a modes or oma result (wasm/report.js): the modes' frequencies and
// damping with their 95 % half-widths, MPC/MPD where present, the MAC of the modes against each
// other (the core's, given by the caller), the FRFs measured and of the band model (modes), the
// singular values of the spectra (oma), the stabilization diagram, the shapes on the geometry.
import { formatNumber } from './report-format.js';
import { channelNames, complexShape, modeLabel, shapesBlock, statusBlock } from './report-parts.js';
import { COLOURS, linePlot, stabilizationPlot } from './report-svg.js';
import { macTable, matrixTable, table, withInterval } from './report-tables.js';

const LABEL = { modes: 'modes in a band (force and responses)', oma: 'output-only modal analysis' };
const shapeOf = (m) => complexShape(m.complex_shape ?? m.shape);
const outputsOf = (r) => r.modes[0]?.shape.length ?? r.channels?.outputs?.length ?? 0;

export const modalSummary = (kind, r) => statusBlock(r, LABEL[kind]) + (r.reduced ? statusBlock(r.reduced, 'M, D, K of the band (driving point)') : '');

/** The modes table, the MAC table and, for modes with a driving point, the band's M, D, K. */
export function modalTables(kind, r, mac) {
  const hasMpd = r.modes.some((m) => m.mpd_deg !== undefined);
  const head = ['mode', 'f (Hz) ± 95 %', 'ζ ± 95 %', 'MPC', ...(hasMpd ? ['MPD (°)'] : []), kind === 'oma' ? 'orders found' : 'stable orders'];
  const rows = r.modes.map((m, k) => [String(k + 1), withInterval(m.freq_hz, m.freq_hz_half95), withInterval(m.zeta, m.zeta_half95), formatNumber(m.mpc),
    ...(hasMpd ? [formatNumber(m.mpd_deg)] : []), formatNumber(kind === 'oma' ? m.orders_found : m.stable_orders)]);
  const parts = [r.modes.length ? table(`Modes (${LABEL[kind]})`, head, rows) : '<p>No mode was found in the band.</p>'];
  if (mac && r.modes.length) parts.push(macTable('MAC of the modes against each other', mac, r.modes.map((_, k) => `mode ${k + 1}`)));
  if (r.reduced?.M) {
    const names = channelNames(r, r.reduced.M.length);
    for (const key of ['M', 'D', 'K']) parts.push(matrixTable(`${key} of the band (driving point)`, r.reduced[key], r.reduced[`${key}_half95`], names));
  }
  return parts.join('');
}

// The FRFs of the reference input, measured (solid) and of the band model (dashed), magnitude and phase.
function frfPlots(r) {
  const f = r.frf?.freq_hz;
  if (!f || !r.frf.H?.length) return '';
  const input = (r.reference_input ?? 1) - 1;
  const names = channelNames(r, r.frf.H.length);
  const mag = [], phase = [];
  r.frf.H.forEach((row, o) => {
    const colour = COLOURS[o % COLOURS.length];
    const curves = [[row[input], `${names[o]} measured`, false], [r.model_H?.[o]?.[input], `${names[o]} band model`, true]];
    for (const [h, name, dash] of curves) {
      if (!h) continue;
      mag.push({ name, colour, dash, x: f, y: h.map(([a, b]) => Math.hypot(a, b)) });
      phase.push({ name, colour, dash, x: f, y: h.map(([a, b]) => (Math.atan2(b, a) * 180) / Math.PI), breakAbove: 180 });
    }
  });
  return linePlot({ caption: `|H| of each output to input ${input + 1}: measured and band model`, xLabel: 'frequency (Hz)', yLabel: '|H|', series: mag, yLog: true })
    + linePlot({ caption: `Phase of H of each output to input ${input + 1}`, xLabel: 'frequency (Hz)', yLabel: 'phase (°)', series: phase })
    + (r.frf.coherence?.length ? linePlot({ caption: 'Coherence of each output', xLabel: 'frequency (Hz)', yLabel: 'γ²',
      series: r.frf.coherence.map((c, o) => ({ name: names[o], colour: COLOURS[o % COLOURS.length], x: f, y: c })) }) : '');
}

/** The plots: FRFs (modes), singular values of the spectra (oma), the stabilization diagram. */
export function modalPlots(kind, r) {
  const parts = [kind === 'modes' ? frfPlots(r) : ''];
  if (kind === 'oma' && r.spectrum?.singular_values?.length) {
    parts.push(linePlot({ caption: 'Singular values of the output spectra', xLabel: 'frequency (Hz)', yLabel: 'singular value', yLog: true,
      series: r.spectrum.singular_values.map((s, k) => ({ name: `σ${k + 1}`, colour: COLOURS[k % COLOURS.length], x: r.spectrum.freq_hz, y: s })) }));
  }
  if (r.stabilization?.length) parts.push(stabilizationPlot(r.stabilization, r.modes, 'Stabilization diagram: poles per model order (filled: stable), the chosen modes dashed'));
  return parts.join('');
}

export const modalShapes = (r, geometry) => shapesBlock(r.modes.map((m, k) => ({ label: modeLabel(k, m.freq_hz, m.zeta), shape: shapeOf(m) })), channelNames(r, outputsOf(r)), geometry);
