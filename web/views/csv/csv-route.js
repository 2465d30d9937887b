// "What the data are", under a loaded file (issue 50, item 3): in plain words whether the file is an
// input–output record (a force and responses) or output-only (responses only), which channels are
// forces, displacements, velocities and accelerations (their quantities as wasm/recording.js reads
// them: the file's units, else the names), whether the force is periodic (the core's
// find_input_period through the worker's `profile`) or random, and the analysis that fits as one
// button each: identify M, D, K (displacements, a few channels) or the modes in a band
// (accelerations; the band the force excites). Output-only data (responses only) get one button:
// output-only modal analysis (web/views/oma.js), with the file's responses, run at once.
import { $, el, fmt } from '../../ui/dom.js';
import { CONTROLS } from '../../ui/advice-actions.js';
import { reveal } from '../../ui/navigation.js';

const PLURAL = { force: 'forces', displacement: 'displacements', velocity: 'velocities', acceleration: 'accelerations' };
const RESPONSES = ['displacement', 'velocity', 'acceleration'];

const count = (n, noun, plural = `${noun}s`) => `${n} ${n === 1 ? noun : plural}`;
// "a1, a2 and a3" (at most 6 names, then "and 12 more").
function names(list) {
  const shown = list.slice(0, 6);
  const rest = list.length - shown.length;
  const tail = rest > 0 ? [...shown, `${rest} more`] : shown;
  return tail.length > 1 ? `${tail.slice(0, -1).join(', ')} and ${tail.at(-1)}` : tail.join('');
}

let handlers = { identify: () => {}, oma: () => {} };
let current = null;  // {kind, responses: quantity -> names} of the file shown

/**
 * The facts of a file's time series `channels` ([{name, quantity}]) and `time` (the time channel's
 * name or undefined): {kind: 'input-output' | 'output-only' | 'unnamed', forces, responses
 * (quantity -> names), others}.
 */
export function dataKind(channels, time) {
  const rest = channels.filter((c) => c.name !== time && c.quantity !== 'time');
  const forces = rest.filter((c) => c.quantity === 'force').map((c) => c.name);
  const responses = Object.fromEntries(RESPONSES.map((q) => [q, rest.filter((c) => c.quantity === q).map((c) => c.name)]).filter(([, n]) => n.length));
  const others = rest.filter((c) => c.quantity !== 'force' && !RESPONSES.includes(c.quantity)).map((c) => c.name);
  const responseCount = Object.values(responses).flat().length;
  // As wasm/recording.js refuses a record without a force (noForce): responses only is output-only.
  const kind = forces.length ? 'input-output' : responseCount > 0 && others.length === 0 ? 'output-only' : 'unnamed';
  return { kind, forces, responses, others };
}

/** Wires the buttons: identify() runs "Identify" of the CSV section, oma() output-only modal analysis of the file. */
export function startRoute(on) {
  handlers = on;
}

// The modes section (step 4, Analyse) with the band set and the periods found from the force (the
// advice table's controls), run at once; without a band, opened at its band fields.
function findModes(band) {
  const section = $('modes');
  reveal(section);
  CONTROLS.periods.set('-1');
  if (!band) {
    section.scrollIntoView();
    $('modes-band-lo').focus();
    return;
  }
  CONTROLS.band.set(`${band.lo}:${band.hi}`);
  section.scrollIntoView();
  $('modes-form').requestSubmit();
}

/** For a message asking for a force column: what the file is when it is output-only, else ''. */
export const outputOnlyNote = () => (current?.kind === 'output-only'
  ? ' (this file holds responses only and no force: see “What the data are” under the file)' : '');

/** Hides the box (no file, or a file without time series). */
export function clearRoute() {
  current = null;
  $('csv-route').hidden = true;
  for (const id of ['csv-route-what', 'csv-route-excitation', 'csv-route-propose']) $(id).textContent = '';
  $('csv-route-actions').replaceChildren();
}

/** Shows what the file `name` holds (dataKind's facts of its channels) and what to do with it. */
export function showRoute(name, channels, time) {
  const facts = dataKind(channels, time);
  current = facts;
  const listed = Object.entries(facts.responses).map(([q, n]) => `${count(n.length, q, PLURAL[q])} (${names(n)})`);
  const timeText = time ? `; time ${time}` : '';
  const what = {
    'input-output': `Input–output data: ${count(facts.forces.length, 'force', 'forces')} (${names(facts.forces)})`
      + `${listed.length ? ` and ${listed.join(', ')}` : ''}${timeText}.`,
    'output-only': `Output-only data: ${listed.join(', ')}${timeText}, and no force.`,
    unnamed: `No channel is marked as a force by its unit (N) or name (u1, Force…): ${names(channels.map((c) => c.name))}. `
      + 'If one of them is the force, choose it in step 2.',
  }[facts.kind];
  $('csv-route-what').textContent = what;
  $('csv-route-excitation').textContent = facts.kind === 'input-output' ? 'Checking whether the force repeats…' : '';
  $('csv-route').dataset.kind = facts.kind;
  delete $('csv-route').dataset.excitation;
  showProposals(null);
  $('csv-route').hidden = false;
  return facts;
}

/**
 * What the worker's `profile` found ({period: {samples, periods, mismatch} | null, h, band: {lo,
 * hi} | null}; null: not checked): the excitation in words, and the buttons with the band.
 */
export function showProfile(profile) {
  if (!current || current.kind !== 'input-output') return;
  const line = $('csv-route-excitation');
  if (!profile) {
    line.textContent = '';
  } else if (profile.period) {
    const p = profile.period;
    line.textContent = `The force is periodic: it repeats every ${fmt(p.samples * profile.h)} s (${p.samples} samples), `
      + `${p.periods} periods in the record (a multisine or another repeated signal); the modes are found by averaging the periods.`;
    $('csv-route').dataset.excitation = 'periodic';
  } else {
    line.textContent = 'The force does not repeat: a random (or transient) excitation.';
    $('csv-route').dataset.excitation = 'random';
  }
  showProposals(profile?.band ?? null);
}

// The analysis that fits, first, as buttons: modes in a band for accelerations (or velocities)
// and for many channels, identify M, D, K for displacements and a few channels.
function showProposals(band) {
  const actions = $('csv-route-actions');
  const propose = $('csv-route-propose');
  if (!current) return;
  if (current.kind === 'output-only') {
    propose.textContent = 'Fits these data: output-only (operational) modal analysis, which needs no force: the frequency, damping and '
      + 'shape of each mode from the responses alone. Identifying M, D, K and the modes in a band need the force that drove the motion.';
    const oma = el('button', 'Output-only modal analysis', { type: 'button', id: 'csv-route-oma', class: 'primary' });
    oma.addEventListener('click', () => handlers.oma());
    actions.replaceChildren(oma);
    return;
  }
  if (current.kind !== 'input-output') {
    propose.textContent = '';
    actions.replaceChildren();
    return;
  }
  const outputs = Object.values(current.responses).flat().length;
  const modal = Boolean(current.responses.acceleration || current.responses.velocity) || outputs > 4;
  const bandText = band ? ` in ${fmt(band.lo, 3)}–${fmt(band.hi, 3)} Hz` : ' in a band';
  const identify = el('button', 'Identify M, D, K', { type: 'button', id: 'csv-route-identify' });
  const modes = el('button', `Find the modes${bandText}`, { type: 'button', id: 'csv-route-modes' });
  identify.addEventListener('click', () => handlers.identify());
  modes.addEventListener('click', () => findModes(band));
  propose.textContent = modal
    ? `Fits these data: the modes in a band (frequency, damping and shape of each, however many modes and sensors)${band ? ', the band the force excites' : ''}. `
      + 'M, D, K can be identified too, as a model with one degree of freedom per sensor.'
    : 'Fits these data: identify M, D, K (one degree of freedom per output). The modes in a band can be found too.';
  (modal ? modes : identify).classList.add('primary');
  actions.replaceChildren(...(modal ? [modes, identify] : [identify, modes]));
}
