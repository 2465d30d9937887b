// The "Saved analyses" section: identifications kept in IndexedDB (web/state/analysis-store.js
// keepAnalysis) by the Save buttons of the Identify and CSV sections; listed, reopened and deleted here; and a result
// file exported by "Export results (JSON)" opened again (web/state/result-file.js), shown the same way.
// Names come from the user (file names): set through textContent only.
import { analysisJson, analysisProblem } from '../state/analysis-record.js';
import { deleteAnalysis, getAnalysis, listAnalyses, onAnalysisSaved } from '../state/analysis-store.js';
import { download, safeName } from '../ui/export.js';
import { methodColumn, truthColumn } from '../ui/results-table.js';
import { readAnalysisFile } from '../state/result-file.js';
import { openResult } from '../state/opened-result.js';
import { $, el, setResultStatus, setStatus, worstOf } from '../ui/dom.js';
import { showFieldMessage } from '../ui/field-message.js';

const list = $('saved-list');
const status = $('saved-status');
const shown = $('saved-results');

function button(text, label, onClick) {
  const b = el('button', text, { type: 'button', 'aria-label': label });
  b.addEventListener('click', onClick);
  return b;
}

async function reopen(id) {
  const a = await getAnalysis(id);
  if (!a) {
    setStatus(status, 'error', `Analysis ${id} is no longer saved.`);
    return refresh();
  }
  const problem = analysisProblem(a);
  if (problem) return setStatus(status, 'error', `Analysis ${id} cannot be shown: ${problem}. Export it or delete it.`);
  const cols = a.results.map((r) => methodColumn(r, 'saved'));
  if (a.truth) cols.unshift(truthColumn(a.truth, a.modal, 'saved'));
  shown.replaceChildren(...cols);
  shown.dataset.id = String(id);
  // Coloured by the worst result shown (amber on a warning), as when it was made.
  setResultStatus(status, worstOf(a.results.map((r) => r.status)), `Reopened “${a.name}” (saved ${new Date(a.created).toLocaleString()}).`);
}

async function remove(id, name) {
  await deleteAnalysis(id);
  if (shown.dataset.id === String(id)) {
    shown.replaceChildren();
    delete shown.dataset.id;
  }
  setStatus(status, 'ok', `Deleted “${name}”.`);
  await refresh();
}

// A stored record as a JSON download: what can be kept of an analysis this page cannot show.
async function exportRecord(id, name) {
  download(new Blob([analysisJson(await getAnalysis(id))], { type: 'application/json' }), `${safeName(name)}.json`);
  setStatus(status, 'ok', `Exported “${name}” as JSON.`);
}

const when = (created) => {
  const date = new Date(created);
  return Number.isNaN(date.getTime()) ? '–' : date.toLocaleString();
};

async function refresh() {
  const rows = await listAnalyses();
  const body = el('tbody');
  for (const a of rows) {
    const tr = el('tr', undefined, { 'data-id': String(a.id), ...(a.problem ? { 'data-unreadable': 'true' } : {}) });
    tr.append(el('th', a.name, { scope: 'row' }), el('td', when(a.created)),
      el('td', a.source), el('td', a.problem ? `unreadable: ${a.problem}` : a.methods.join(', ')));
    const actions = el('td');
    const first = a.problem
      ? button('Export', `Export ${a.name} as JSON`, () => exportRecord(a.id, a.name).catch(fail))
      : button('Reopen', `Reopen ${a.name}`, () => reopen(a.id).catch(fail));
    actions.append(first, ' ', button('Delete', `Delete ${a.name}`, () => remove(a.id, a.name).catch(fail)));
    tr.append(actions);
    body.append(tr);
  }
  list.tBodies[0]?.remove();
  list.append(body);
  list.hidden = rows.length === 0;
  list.dataset.count = String(rows.length);
  if (rows.length === 0) setStatus(status, 'empty', 'Nothing saved yet: identify something, then press “Save analysis”.');
  else if (['empty', 'loading', 'ready', 'error'].includes(status.dataset.state)) {
    const unreadable = rows.filter((a) => a.problem).length;
    setStatus(status, 'ready', `${rows.length} saved; reopen one to see its results.${unreadable ? ` ${unreadable} cannot be read by this page: export or delete ${unreadable === 1 ? 'it' : 'them'}.` : ''}`);
  }
}

// Shows the results of a chosen result file; a file that is not one gets its message next to
// the file input (which keeps the focus), and what was shown before stays.
async function openFile(input) {
  const file = input.files[0];
  const error = $('saved-open-error');
  error.textContent = '';
  input.removeAttribute('aria-invalid');
  if (!file) return;
  setStatus(status, 'busy', `Reading ${file.name}…`);
  try {
    const { kind, results, result, warnings } = await readAnalysisFile(file);
    const also = warnings.length ? ` ${warnings.join(' ')}` : '';
    // A report of modes or oma: shown in its own section (which the navigation reveals).
    if (kind !== 'identify') {
      openResult(kind, result, file.name);
      setResultStatus(status, warnings.length ? 'warning' : 'ok', `Opened ${file.name}: a report of ${kind}, shown in its section.${also}`);
      return;
    }
    shown.replaceChildren(...results.map((r) => methodColumn(r, 'saved')));
    shown.dataset.id = 'file';
    setResultStatus(status, worstOf([...results.map((r) => r.status), ...(warnings.length ? ['warning'] : [])]), `Opened ${file.name}: ${results.length} result${results.length === 1 ? '' : 's'} (${results.map((r) => r.method).join(', ')}).${also}`);
  } catch (e) {
    input.setAttribute('aria-invalid', 'true');
    showFieldMessage(error, e.message, input);
    setStatus(status, 'error', 'The file could not be opened (the reason is under the file input).');
  }
}

function fail(e) {
  setStatus(status, 'error', `The saved analyses are not available: ${e?.message ?? e}`);
}

/** Lists the saved analyses (IndexedDB only: no worker). */
export function start() {
  const input = $('saved-open');
  input.addEventListener('change', () => openFile(input));
  onAnalysisSaved(() => refresh().catch(fail));  // a Save of another section shows here at once
  return refresh().catch(fail);
}
