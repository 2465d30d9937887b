// A Monte Carlo study's rows (gen/study.js aggregateStudy) as a table: one row per h (with its N
// when the study gave each h its own), per method the RMS relative error of K in % and the failed
// runs. Each error cell carries its number in data-err (and data-h, data-method), so that a test
// reads what the page shows without parsing text. Built with textContent only.
import { el, fmt } from './dom.js';

const percent = (x) => (x == null ? '–' : `${fmt(100 * x, 3)} %`);

/** Fills `container` with the table of `aggregate` for `methods` (in that column order). */
export function showStudyTable(container, aggregate, methods, caption) {
  const hs = [...new Set(aggregate.rows.map((r) => r.h))];
  const perH = aggregate.rows.some((r) => r.n !== undefined);
  const table = el('table', undefined, { class: 'study-table' });
  table.append(el('caption', caption));
  const head = el('tr');
  head.append(el('th', 'h (s)', { scope: 'col' }));
  if (perH) head.append(el('th', 'N', { scope: 'col' }));
  for (const m of methods) {
    head.append(el('th', `${m}: error of K`, { scope: 'col' }), el('th', `${m}: failed runs`, { scope: 'col' }));
  }
  const body = el('tbody');
  for (const h of hs) {
    const tr = el('tr');
    const mine = aggregate.rows.filter((r) => r.h === h);
    tr.append(el('th', String(h), { scope: 'row' }));
    if (perH) tr.append(el('td', String(mine[0].n)));
    for (const m of methods) {
      const row = mine.find((r) => r.method === m);
      const err = row?.rel_err.K ?? null;
      tr.append(
        el('td', percent(err), { 'data-h': String(h), 'data-method': m, 'data-err': err == null ? '' : String(err) }),
        el('td', `${row?.failures ?? 0} of ${aggregate.runs}`),
      );
    }
    body.append(tr);
  }
  table.append(el('thead'), body);
  table.tHead.append(head);
  container.replaceChildren(table);
}
