// The page's one entry module (index.html's only script): puts each section's markup into the
// page's shell (markup.js), opens the navigation's step (then, so that a link's step is shown
// before the sections fill it), starts every section of views/ and the offline cache. Sections
// share one worker (worker-client.js's `client`), started here at once. Each section is loaded on
// its own, so that one that cannot start (say, web/gen is not built) says so in its status line
// and the others still work.
import { BUILD_HINT, client } from '../client/worker-client.js';
import { fillMarkup } from './markup.js';
import { registerOffline } from './offline.js';
import { setStatus } from '../ui/dom.js';
import { keepForms } from '../ui/form-memory.js';
import { startNavigation } from '../ui/navigation.js';
import { focusScrollingBoxes } from '../ui/scroll-focus.js';

// Each section's module and the status lines that report its start-up failure.
const VIEWS = [
  [() => import('../views/simulate.js'), ['status']],
  [() => import('../views/conditioning.js'), ['cond-status']],
  [() => import('../views/csv/csv-import.js'), ['csv-status']],
  [() => import('../views/geometry.js'), ['geometry-status']],
  [() => import('../views/modes.js'), ['modes-status']],
  [() => import('../views/oma.js'), ['oma-status']],
  [() => import('../views/hammer.js'), ['hammer-status']],
  [() => import('../views/identify.js'), ['ident-status']],
  [() => import('../views/lesson/lesson.js'), ['lesson-status']],
  [() => import('../views/saved.js'), ['saved-status']],
  [() => import('../views/nonlinear.js'), ['nl-status']],
  [() => import('../views/estimators.js'), ['est-svf-status', 'est-ekf-status']],
  [() => import('../views/measure/measure.js'), ['measure-status']],
];

function startFailed(statusIds, e) {
  // An error without a code did not come from the worker: most likely a module that is missing.
  const hint = e?.code ? '' : ` (${BUILD_HINT})`;
  for (const id of statusIds) setStatus(id, 'error', `Could not start: ${e?.message ?? e}${hint}`);
}

// The worker first: its scripts and WebAssembly module load beside the sections' modules, where
// the first section's request would start it only once they have loaded (docs/results.md, "The page").
client.start();
fillMarkup();
startNavigation();
focusScrollingBoxes();
const started = VIEWS.map(([load, statusIds]) => load().then((view) => view.start()).catch((e) => startFailed(statusIds, e)));
// Once every section has its defaults: the inputs kept before a reload (this tab only).
Promise.allSettled(started).then(() => keepForms(document.querySelectorAll('section[id]')));
registerOffline();
