// The report's sections of an identify result (wasm/report.js): per method, M, D, K with their
// 95 % half-widths, the modes (ω_n, ζ with theirs), the fit per output, the residual checks, the
// held-out runs; the fit as bars; the modes' shapes on the geometry.
import { escapeHtml, formatNumber } from './report-format.js';
import { channelNames, complexShape, modeLabel, shapesBlock, statusBlock } from './report-parts.js';
import { barPlot } from './report-svg.js';
import { keyValueTable, matrixTable, table, withInterval } from './report-tables.js';

const RESIDUAL_KEYS = ['residuals_white', 'residual_whiteness_p', 'whiteness_statistic', 'whiteness_threshold', 'max_autocorrelation',
  'bound_99', 'max_crosscorrelation', 'crosscorrelation_bound', 'residuals_independent_of_input', 'max_lag'];

const outputsOf = (r) => r.M?.length ?? r.fit?.fit_percent?.length ?? 0;

/** The status and advice of each method's result. */
export const identifySummary = (results) => results.map((r) => statusBlock(r, `identify, method ${r.method}`)
  + (r.modal ? statusBlock(r.modal, `modes of the estimate (${r.method})`) : '')).join('');

/** The tables of each method's result. */
export function identifyTables(results) {
  return results.map((r) => {
    const names = channelNames(r, outputsOf(r));
    const u = r.uncertainty ?? {};
    const parts = [`<h3>Method ${escapeHtml(r.method)}</h3>`];
    if (r.status === 'failed' || !r.M) return parts.concat('<p>No estimate (the method failed; its message is in the summary).</p>').join('');
    for (const key of ['M', 'D', 'K']) {
      const half = u[`${key}_half95`];
      parts.push(matrixTable(`${key} (${r.method}) ${half ? '± 95 % half-width' : '(no interval: the result carries none)'}`, r[key], half, names));
    }
    const modes = r.modal?.modes ?? [];
    if (modes.length) {
      parts.push(table(`Modes of the estimate (${r.method})`, ['mode', 'f (Hz)', 'ω_n (rad/s) ± 95 %', 'ζ ± 95 %'],
        modes.map((m, k) => [String(k + 1), formatNumber(m.freq_hz), withInterval(m.omega_n, u.omega_n_half95?.[k]), withInterval(m.zeta, u.zeta_half95?.[k])])));
    }
    if (r.fit?.fit_percent) {
      parts.push(table(`Fit of the simulated outputs to the measured (${r.method})`, ['output', 'fit (%)', 'NRMSE'],
        r.fit.fit_percent.map((f, k) => [names[k] ?? `output ${k + 1}`, formatNumber(f), formatNumber(r.fit.nrmse?.[k])])));
    }
    if (r.validation) parts.push(keyValueTable(`Residual checks (${r.method})`, RESIDUAL_KEYS.filter((k) => r.validation[k] !== undefined).map((k) => [k, r.validation[k]])));
    if (r.errors) parts.push(table(`Relative errors against the truth (${r.method})`, ['matrix', '‖X̂ − X‖/‖X‖'], Object.entries(r.errors).map(([k, v]) => [k, formatNumber(v)])));
    for (const [k, v] of (r.validation_records ?? []).entries()) {
      parts.push(v.fit_percent
        ? table(`Held-out run ${k + 1}: ${v.file ?? ''}`, ['output', 'fit (%)', 'NRMSE'], v.fit_percent.map((f, j) => [names[j] ?? `output ${j + 1}`, formatNumber(f), formatNumber(v.nrmse?.[j])]))
        : `<p>Held-out run ${k + 1}: ${escapeHtml(v.status)} — ${escapeHtml(v.message ?? '')}</p>`);
    }
    if (r.diagnostics) parts.push(keyValueTable(`Diagnostics (${r.method})`, Object.entries(r.diagnostics).filter(([, v]) => v === null || typeof v !== 'object')));
    return parts.join('');
  }).join('');
}

/** The plots: the fit per output of each method. */
export const identifyPlots = (results) => results.filter((r) => r.fit?.fit_percent).map((r) => barPlot({
  caption: `Fit of the simulated outputs to the measured, per output (${r.method})`, yLabel: 'fit (%)',
  labels: channelNames(r, outputsOf(r)), values: r.fit.fit_percent, range: [0, 100],
})).join('') || '<p>The result carries no fit to plot.</p>';

/** The shapes of each method's modes on the geometry. */
export const identifyShapes = (results, geometry) => results.filter((r) => r.modal?.modes?.length).map((r) => `<h3>Method ${escapeHtml(r.method)}</h3>`
  + shapesBlock(r.modal.modes.map((m, k) => ({ label: modeLabel(k, m.freq_hz, m.zeta), shape: complexShape(m.shape) })), channelNames(r, outputsOf(r)), geometry)).join('')
  || '<p>No mode shape to draw.</p>';
