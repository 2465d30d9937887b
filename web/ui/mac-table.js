// The MAC (modal assurance criterion) between two sets of mode shapes as a table: the modes section
// (web/views/modes.js) and output-only modal analysis (web/views/oma.js).
import { el } from './dom.js';

/** The MAC matrix `mac` (rows.length × cols.length, row-major) as a heat map whose cell's blue grows
 *  with the value; rows, cols: [{label}]; `id`: the table's. */
export function macTable(mac, rows, cols, id) {
  const table = el('table', undefined, { class: 'data mac', id });
  const head = el('tr');
  head.append(el('th', 'these \\ those', { scope: 'col' }), ...cols.map((c) => el('th', c.label, { scope: 'col' })));
  const body = el('tbody');
  rows.forEach((r, i) => {
    const tr = el('tr');
    tr.append(el('th', r.label, { scope: 'row' }));
    for (let j = 0; j < cols.length; j++) {
      const x = mac.data[i * mac.cols + j];
      const td = el('td', Number.isFinite(x) ? x.toFixed(2) : '–');
      if (Number.isFinite(x)) {
        td.style.backgroundColor = `rgba(11, 92, 173, ${(0.05 + 0.9 * x).toFixed(3)})`;
        if (x > 0.55) td.style.color = '#fff';
      }
      tr.append(td);
    }
    body.append(tr);
  });
  const thead = el('thead');
  thead.append(head);
  table.append(thead, body);
  const wrap = el('div', undefined, { class: 'table-scroll' });
  wrap.append(table);
  return wrap;
}
