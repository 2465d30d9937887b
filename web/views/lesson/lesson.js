// The lesson (issue 18 item 2): one button runs the study of lesson-design.js (thesis Figs.
// 5.2–5.5: the variational method against n4sid + d2c over a wide range of h) on its own pool of
// workers (web/ui/study-view.js), with a progress bar, the elapsed time and a Cancel that terminates the
// pool (ui/run-control.js). The result is four log-log plots, the errors of M, K, D and A against h
// as thesis Figs. 5.2–5.5, a table of the numbers plotted and plain sentences saying what they
// show; after a cancel nothing of the run is shown.
import { client } from '../../client/worker-client.js';
import { $, fmt, setStatus } from '../../ui/dom.js';
import { RunControl, runRequest } from '../../ui/run-control.js';
import { showStudyTable } from '../../ui/study-table.js';
import { StudyView } from '../../ui/study-view.js';
import { LESSON, RECORD_S } from './lesson-design.js';

const button = $('lesson-run');
const bar = $('lesson-progress');
const tableEl = $('lesson-table');
const status = $('lesson-status');
// Thesis figure order: 5.2 M, 5.3 K, 5.4 D, 5.5 A.
const MATRICES = ['M', 'K', 'D', 'A'];
const view = new StudyView(null, bar, {
  partial: false,
  plots: Object.fromEntries(MATRICES.map((x) => [x, $(`lesson-plot-${x}`)])),
});
const control = new RunControl({ cancel: $('lesson-cancel'), status });

const pct = (x) => `${fmt(100 * x, 2)} %`;

/** The design in words, for the disclosure (from LESSON, so the text cannot drift from it). */
function describeDesign() {
  const { hs, ns, snr, runs, system } = LESSON;
  $('lesson-design').textContent = `The ${system} system of Bruschetta 2011, sec. 5.2.1 (M, D, K as printed there) `
    + `is simulated with a PRBS input at ${hs.length} sampling periods h = ${hs.join(', ')} s (log-spaced), `
    + `noise on q at SNR ${snr} dB, N = ${ns.join(', ')} samples (a record of ${RECORD_S} s, at least `
    + `${Math.min(...ns)} and at most ${Math.max(...ns)} samples), ${runs} runs per h with new data each run.`;
}

/** The ends of the h range: K at the smallest h (and the failed runs of d2c), M at the largest. */
function summary(aggregate, seconds) {
  const row = (h, m) => aggregate.rows.find((r) => r.h === h && r.method === m);
  const err = (r, x) => (r.rel_err[x] == null ? 'undefined' : pct(r.rel_err[x]));
  const small = LESSON.hs[0];
  const large = LESSON.hs.at(-1);
  const d = row(small, 'n4sid-d2c');
  const failed = d.failures ? ` (${d.failures} of ${LESSON.runs} d2c runs failed: unstable model, no logarithm)` : '';
  return `Lesson finished in ${seconds} s. At h = ${small} s the error of K is ${err(row(small, 'variational'), 'K')} `
    + `with the variational method and ${err(d, 'K')} with n4sid + d2c${failed}. At h = ${large} s the error of M `
    + `is ${err(row(large, 'variational'), 'M')} with the variational method and ${err(row(large, 'n4sid-d2c'), 'M')} `
    + 'with n4sid + d2c.';
}

async function runLesson() {
  button.disabled = true;
  view.clear();
  tableEl.replaceChildren();
  bar.hidden = false;
  bar.value = 0;
  await runRequest(control, {
    text: 'Running the lesson…',
    work: (signal, say) => {
      signal.addEventListener('abort', () => view.cancel());
      return view.run(LESSON, {
        onProgress: (done, total) => {
          bar.max = total;
          bar.value = done;
          say(`Running the lesson: ${done} of ${total} runs…`);
        },
      });
    },
    show: ({ aggregate, cancelled }) => {
      if (cancelled) {
        control.showCancelled('no result is shown; press the button to run the lesson again');
        return;
      }
      showStudyTable(tableEl, aggregate, LESSON.methods,
        'RMS relative errors of M, K, D and A over the runs, per sampling period h', MATRICES);
      setStatus(status, 'ok', summary(aggregate, control.seconds));
    },
  }, { kept: 'no result is shown' });
  bar.hidden = true;
  button.disabled = false;
}

/** Wires the lesson; the button is enabled once the page's worker has loaded the WebAssembly module. */
export async function start() {
  describeDesign();
  button.addEventListener('click', runLesson);
  await client.presetNames();
  button.disabled = false;
  setStatus(status, 'ready', 'Press the button: the study takes 5–30 s, depending on the computer.');
}
