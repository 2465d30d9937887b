// The results of an identification as DOM (tables of M, D, K with their 95 % intervals, modes,
// verdicts, warnings with their numbers rounded), shared by the "Identify" section and the CSV import. Text is only
// ever set through textContent: user data and column names never become HTML.
// Every number shown is the core's, only rounded here (fmt): the 95 % half-widths are the result's
// `*_half95` fields and the symmetry verdict its checks.symmetric.
import { el, fmt } from './dom.js';
import { roundedMessage } from './field-message.js';
import { ModeAnimation } from './mode-animation.js';
import { adviceList, otherWarnings } from './advice-actions.js';

// A cell's colour: blue for positive, red for negative entries, stronger with |x| relative to the
// largest |entry| of the matrix (set through the CSSOM, which the page's CSP allows).
function shade(td, x, largest) {
  if (!(largest > 0) || !Number.isFinite(x) || x === 0) return;
  const alpha = (0.08 + 0.32 * Math.abs(x) / largest).toFixed(3);
  td.style.backgroundColor = x > 0 ? `rgba(11, 92, 173, ${alpha})` : `rgba(180, 35, 24, ${alpha})`;
}

// half95: half-widths of the 95 % intervals (a matrix like m), shown as "± …" when given (not for
// an entry whose half-width is exactly 0: the structure fixes it; data-fixed="true").
// undetermined: a Set of 'i,j' (0-based) whose interval says nothing (the data do not determine
// the entry, uncertainty.undetermined): marked "undetermined" and data-undetermined="true".
// A matrix larger than MAX_SHOWN × MAX_SHOWN shows its top-left corner and says so: a reopened
// result of 600 × 600 matrices drew 1.08 million cells and froze the tab for 36 s (issue 56); the
// whole matrix stays in the result and its exports.
export const MAX_SHOWN = 30;

export function matrixTable(m, id, half95, undetermined) {
  const table = el('table', undefined, { class: 'matrix', id });
  const body = el('tbody');
  const largest = m.data.reduce((a, x) => (Number.isFinite(x) ? Math.max(a, Math.abs(x)) : a), 0);
  const rows = Math.min(m.rows, MAX_SHOWN), cols = Math.min(m.cols, MAX_SHOWN);
  for (let i = 0; i < rows; i++) {
    const tr = el('tr');
    for (let j = 0; j < cols; j++) {
      const k = i * m.cols + j;
      const unknown = undetermined?.has(`${i},${j}`);
      // An entry with no spread at all is one the structure fixes (zero or known), not estimated.
      const fixed = half95?.data[k] === 0;
      const text = half95 && !fixed ? `${fmt(m.data[k])} ± ${fmt(half95.data[k])}${unknown ? ' (undetermined)' : ''}` : fmt(m.data[k]);
      const td = el('td', text, unknown ? { 'data-undetermined': 'true', title: 'the data do not determine this entry (see the warnings)' }
        : fixed ? { 'data-fixed': 'true', title: 'fixed by the structure, not estimated' } : undefined);
      shade(td, m.data[k], largest);
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(body);
  const wrap = el('div', undefined, { class: 'table-scroll' });
  wrap.append(table);
  if (rows < m.rows || cols < m.cols) {
    table.dataset.shown = `${rows}x${cols}`;
    wrap.append(el('p', `Rows 1–${rows} and columns 1–${cols} of this ${m.rows} × ${m.cols} matrix are shown; ` +
      'every entry is in the exported results (JSON or CSV).', { class: 'hint matrix-cut' }));
  }
  return wrap;
}

export function dataTable(headers, rows) {
  const table = el('table', undefined, { class: 'data' });
  const head = el('thead');
  const hr = el('tr');
  for (const h of headers) hr.append(el('th', h, { scope: 'col' }));
  head.append(hr);
  const body = el('tbody');
  for (const cells of rows) {
    const tr = el('tr');
    cells.forEach((c, k) => tr.append(k === 0 ? el('th', c, { scope: 'row' }) : el('td', c)));
    body.append(tr);
  }
  table.append(head, body);
  const wrap = el('div', undefined, { class: 'table-scroll' });
  wrap.append(table);
  return wrap;
}

// "x ± half" with both rounded (fmt), or x alone when the core gives no half-width.
export const withHalf95 = (x, half) => (Number.isFinite(half) ? `${fmt(x)} ± ${fmt(half)}` : fmt(x));

// u: the result's uncertainty (its 95 % half-widths beside ω_n and ζ), when it has one.
export function modalTable(modal, u) {
  return dataTable(['mode', 'ω_n (rad/s)', 'f (Hz)', 'ζ'],
    modal.modes.map((m, k) => [String(k + 1), withHalf95(m.omega_n, u?.omega_n_half95?.[k]), fmt(m.freq_hz), withHalf95(m.zeta, u?.zeta_half95?.[k])]));
}

// The Coulomb friction F_c and the force offset f₀ per DOF (the model M q″ + D q′ + K q +
// F_c sign(q′) + f₀ = L u), each ± the core's 95 % half-width; only the columns the result has,
// the offset per training run when there are several.
export function frictionTable(r, id) {
  const columns = [];
  if (r.friction?.coulomb) columns.push(['Coulomb F_c (N)', r.friction.coulomb, r.friction.coulomb_half95]);
  const byRun = r.offset_by_run;  // runs x DOF, with several training runs: each its own offset
  if (byRun?.rows > 1) {
    for (let k = 0; k < byRun.rows; k++) {
      const row = (m) => (m ? Array.from(m.data.slice(k * m.cols, (k + 1) * m.cols)) : undefined);
      columns.push([`offset f₀, run ${k + 1} (N)`, row(byRun), row(r.offset_half95_by_run)]);
    }
  } else if (r.offset) columns.push(['offset f₀ (N)', r.offset, r.offset_half95]);
  const n = Math.max(...columns.map(([, x]) => x.length));
  const table = dataTable(['DOF', ...columns.map(([name]) => name)],
    Array.from({ length: n }, (_, i) => [String(i + 1), ...columns.map(([, x, half]) => withHalf95(x[i], half?.[i]))]));
  table.querySelector('table').id = id;
  return table;
}

// Ids are `${prefix}-M-${suffix}` etc., so that two sections can show the same method.
export function matrices(column, sys, suffix, u, prefix = 'ident') {
  for (const key of ['M', 'D', 'K']) {
    const fig = el('figure');
    const half95 = u?.[`${key}_half95`];
    // Both triangles: the list names X[i,j] with i <= j of a symmetric matrix (1-based).
    const entries = (u?.undetermined ?? []).filter((e) => e.matrix === key);
    const undetermined = new Set(entries.flatMap((e) => [`${e.row - 1},${e.col - 1}`, `${e.col - 1},${e.row - 1}`]));
    fig.append(el('figcaption', half95 ? `${key} (± 95 % interval)` : key), matrixTable(sys[key], `${prefix}-${key}-${suffix}`, half95, undetermined));
    column.append(fig);
  }
}

// "Animate the modes": a closed <details> whose animation (web/ui/mode-animation.js) is built when
// it opens and stopped when it closes.
export function modeAnimation(sys, modal, id) {
  const details = el('details', undefined, { class: 'mode-anim-details', id: `${id}-details` });
  const body = el('div');
  details.append(el('summary', 'Animate the modes'), body);
  let animation = null;
  details.addEventListener('toggle', () => {
    if (details.open && !animation) {
      animation = new ModeAnimation(body, { id, label: 'Mode shape of the identified system' });
      animation.showChain(sys, modal.modes);
    } else if (!details.open && animation) {
      animation.destroy();
      animation = null;
      body.replaceChildren();
    }
  });
  return details;
}

export function truthColumn(truth, modal, prefix = 'ident') {
  const col = el('article', undefined, { class: 'ident-col', 'data-method': 'true' });
  col.append(el('h3', 'True system'), el('p', 'The preset the data were simulated from.', { class: 'hint' }));
  matrices(col, truth, 'true', undefined, prefix);
  col.append(el('h4', 'Modes'), modalTable(modal));
  if (modal.modes?.length) col.append(modeAnimation(truth, modal, `${prefix}-anim-true`));
  return col;
}

export function methodColumn(r, prefix = 'ident', busy = undefined) {
  const m = r.method;
  const col = el('article', undefined, { class: 'ident-col', 'data-method': m, 'data-status': r.status });
  col.append(el('h3', m));

  const st = el('div', undefined, { id: `${prefix}-status-${m}`, class: 'ident-status', 'data-status': r.status });
  const warnings = r.warnings ?? [];
  // The core's messages print doubles in full ("-0.09818544037864027"): rounded to 4 digits here.
  const head = r.message && !warnings.includes(r.message) ? `${r.status}: ${roundedMessage(r.message)}` : r.status;
  st.append(el('p', head, { class: 'verdict' }));
  // The warnings that are no advice's as they come; the advice in two layers, with its action's
  // button where this section has the controls (web/ui/advice-actions.js).
  const others = otherWarnings(warnings, r.advice);
  if (others.length) {
    const ul = el('ul');
    for (const w of others) ul.append(el('li', roundedMessage(w)));
    st.append(ul);
  }
  const advice = adviceList(r.advice, prefix, { busy });
  if (advice) st.append(advice);
  col.append(st);

  if (r.status === 'failed' || !r.M) return col;

  if (r.errors) {
    const e = r.errors;
    col.append(el('p', `Relative errors: M = ${fmt(e.M)}, D = ${fmt(e.D)}, K = ${fmt(e.K)}, A = ${fmt(e.A)}`,
      { id: `${prefix}-errors-${m}`, class: 'ident-errors' }));
  }
  const c = r.checks ?? {};
  const pd = el('p', undefined, { class: 'ident-pd' });
  for (const [key, label] of [['M_pd', 'M ≻ 0'], ['K_pd', 'K ≻ 0'], ['D_psd', 'D ⪰ 0']]) {
    // K singular by the structure (a free body): a rigid-body mode by design, not a fault.
    const text = key === 'K_pd' && c.rigid_body ? 'K: rigid-body mode (the structure fixes K singular)' : `${label}: ${c[key] ? 'yes' : 'no'}`;
    pd.append(el('span', text, { class: 'verdict', 'data-passive': String(Boolean(c[key] || (key === 'K_pd' && c.rigid_body))) }), ' ');
  }
  // A result file written before the core sent checks.symmetric has no verdict to show.
  if (typeof c.symmetric === 'boolean') {
    pd.append(el('span', `symmetric: ${c.symmetric ? 'yes' : 'no'}`, { class: 'verdict', 'data-passive': String(c.symmetric), id: `${prefix}-symmetric-${m}` }));
  }
  col.append(pd);
  if (r.diagnostics?.reason) col.append(el('p', `Chose ${r.diagnostics.choice}: ${roundedMessage(r.diagnostics.reason)}`, { class: 'hint', id: `${prefix}-reason-${m}` }));
  // Forces "read off the data": which intersample force was taken, and why.
  if (r.diagnostics?.input_sampling) col.append(el('p', `Forces: ${r.diagnostics.input_sampling}`, { class: 'hint', id: `${prefix}-input-sampling-${m}` }));
  matrices(col, r, m, r.uncertainty, prefix);
  if (r.Md) {
    const discrete = el('details');
    discrete.append(el('summary', 'Discrete matrices Md, Dd, Kd (eq. 2.22, the PEM’s parameters)'));
    for (const key of ['Md', 'Dd', 'Kd']) {
      const fig = el('figure');
      fig.append(el('figcaption', key), matrixTable(r[key], `${prefix}-${key}-${m}`));
      discrete.append(fig);
    }
    col.append(discrete);
  }
  if (r.friction || r.offset) col.append(el('h4', 'Friction and offset (± 95 % interval)'), frictionTable(r, `${prefix}-friction-${m}`));
  if (r.modal?.modes) col.append(el('h4', 'Modes'), modalTable(r.modal, r.uncertainty));
  if (r.modal?.modes?.length) col.append(modeAnimation(r, r.modal, `${prefix}-anim-${m}`));
  const fitValues = r.fit?.fit_percent ? Array.from(r.fit.fit_percent) : [];
  const fits = fitValues.map((f, k) => `q${k + 1} ${Number.isFinite(f) ? f.toFixed(2) : String(f)} %`).join(', ');
  col.append(el('p', fits ? `Fit: ${fits}` : 'Fit: not available (no free-run simulation)',
    { id: `${prefix}-fit-${m}`, class: 'ident-fit' }));
  return col;
}
