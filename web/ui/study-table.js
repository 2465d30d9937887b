// A Monte Carlo study's rows (gen/study.js aggregateStudy) as a table: one row per h (with its N
// when the study gave each h its own), per method the RMS relative error of each chosen matrix
// (K unless told; the lesson shows M, K, D and A) in % and the failed runs. Each error cell carries
// its number in data-err (and data-h, data-method, data-matrix), so that a test reads what the
// page shows without parsing text. Built with textContent only.
import { el, fmt } from './dom.js';

const percent = (x) => (x == null ? '–' : `${fmt(100 * x, 3)} %`);

/**
 * Fills `container` with the table of `aggregate` for `methods` (in that column order) and
 * `matrices` (keys of rel_err, in that order within each method).
 */
export function showStudyTable(container, aggregate, methods, caption, matrices = ['K']) {
  const hs = [...new Set(aggregate.rows.map((r) => r.h))];
  const perH = aggregate.rows.some((r) => r.n !== undefined);
  const table = el('table', undefined, { class: 'study-table' });
  table.append(el('caption', caption));
  // Two header rows: each method over its columns (the errors of `matrices`, the failed runs).
  table.append(el('colgroup', undefined, { span: String(perH ? 2 : 1) }));
  table.append(...methods.map(() => el('colgroup', undefined, { span: String(matrices.length + 1) })));
  const top = el('tr');
  const sub = el('tr');
  top.append(el('th', 'h (s)', { scope: 'col', rowspan: '2' }));
  if (perH) top.append(el('th', 'N', { scope: 'col', rowspan: '2' }));
  for (const m of methods) {
    top.append(el('th', m, { scope: 'colgroup', colspan: String(matrices.length + 1), class: 'method' }));
    for (const x of matrices) sub.append(el('th', `error of ${x}`, { scope: 'col' }));
    sub.append(el('th', 'failed runs', { scope: 'col' }));
  }
  const body = el('tbody');
  for (const h of hs) {
    const tr = el('tr');
    const mine = aggregate.rows.filter((r) => r.h === h);
    tr.append(el('th', String(h), { scope: 'row' }));
    if (perH) tr.append(el('td', String(mine[0].n)));
    for (const m of methods) {
      const row = mine.find((r) => r.method === m);
      for (const x of matrices) {
        const err = row?.rel_err[x] ?? null;
        tr.append(el('td', percent(err), {
          'data-h': String(h), 'data-method': m, 'data-matrix': x, 'data-err': err == null ? '' : String(err),
        }));
      }
      tr.append(el('td', `${row?.failures ?? 0} of ${aggregate.runs}`));
    }
    body.append(tr);
  }
  table.append(el('thead'), body);
  table.tHead.append(top, sub);
  container.replaceChildren(table);
}
