// The lesson (issue 18 item 2): one button runs the study of lesson-design.js (thesis Figs.
// 5.2–5.5: the variational method against n4sid + d2c over a wide range of h) on its own pool of
// workers (views/study.js), with a progress bar, the elapsed time and a Cancel that terminates the
// pool (ui/run-control.js). The result is a log-log plot, a table of the numbers plotted and one
// plain sentence saying what they show; after a cancel nothing of the run is shown.
import { client } from '../app/worker-client.js';
import { $, fmt, setStatus } from '../ui/dom.js';
import { isCancelled, RunControl } from '../ui/run-control.js';
import { showStudyTable } from '../ui/study-table.js';
import { StudyView } from './study.js';
import { LESSON, RECORD_S } from './lesson-design.js';

const button = $('lesson-run');
const bar = $('lesson-progress');
const tableEl = $('lesson-table');
const status = $('lesson-status');
const view = new StudyView($('lesson-plot'), bar, { partial: false });
const control = new RunControl({ cancel: $('lesson-cancel'), status });

const pct = (x) => `${fmt(100 * x, 2)} %`;

/** The design in words, for the disclosure (from LESSON, so the text cannot drift from it). */
function describeDesign() {
  const { hs, ns, snr, runs, system } = LESSON;
  $('lesson-design').textContent = `The ${system} system of thesis sec. 5.2.1 (M, D, K as printed there) `
    + `is simulated with a PRBS input at ${hs.length} sampling periods h = ${hs.join(', ')} s (log-spaced), `
    + `noise on q at SNR ${snr} dB, N = ${ns.join(', ')} samples (a record of ${RECORD_S} s, at least `
    + `${Math.min(...ns)} and at most ${Math.max(...ns)} samples), ${runs} runs per h with new data each run.`;
}

/** One sentence on the smallest h: both errors, and the failed runs of d2c if any. */
function summary(aggregate, seconds) {
  const h = LESSON.hs[0];
  const row = (m) => aggregate.rows.find((r) => r.h === h && r.method === m);
  const v = row('variational');
  const d = row('n4sid-d2c');
  const failed = d.failures ? ` (${d.failures} of ${LESSON.runs} d2c runs failed: unstable model, no logarithm)` : '';
  return `Lesson finished in ${seconds} s. At h = ${h} s the error of K is ${pct(v.rel_err.K)} with the variational `
    + `method and ${d.rel_err.K == null ? 'undefined' : pct(d.rel_err.K)} with n4sid + d2c${failed}.`;
}

async function runLesson() {
  button.disabled = true;
  view.clear();
  tableEl.replaceChildren();
  bar.hidden = false;
  bar.value = 0;
  try {
    const { aggregate, cancelled } = await control.run('Running the lesson…', (signal, say) => {
      signal.addEventListener('abort', () => view.cancel());
      return view.run(LESSON, {
        onProgress: (done, total) => {
          bar.max = total;
          bar.value = done;
          say(`Running the lesson: ${done} of ${total} runs…`);
        },
      });
    });
    if (cancelled) {
      control.showCancelled('no result is shown; press the button to run the lesson again');
      return;
    }
    showStudyTable(tableEl, aggregate, LESSON.methods, 'RMS relative error of K over the runs, per sampling period h');
    setStatus(status, 'ok', summary(aggregate, control.seconds));
  } catch (e) {
    if (isCancelled(e)) control.showCancelled('no result is shown');
    else setStatus(status, 'error', e?.message ?? String(e));
  } finally {
    bar.hidden = true;
    button.disabled = false;
  }
}

/** Wires the lesson; the button is enabled once the page's worker has loaded the WebAssembly module. */
export async function start() {
  describeDesign();
  button.addEventListener('click', runLesson);
  await client.presetNames();
  button.disabled = false;
  setStatus(status, 'ready', 'Press the button: the study takes 5–30 s, depending on the computer.');
}
