// The advice of a result (docs/interfaces.md, "Advice": {code, level, message, detail, action,
// options}) in two layers, the plain sentence and the precise statement on demand, with a button
// that carries out its action when the page has the controls for it. `options` names the action as
// `mechid` options ({offset: ''}, {scale: 'q2=-1'}, {structure: '{"K":"zero"}'}, {periods: '0'},
// {band: '0.98:14.6'}, {'input-sampling': 'point'}); CONTROLS below is the one table from those names to the page's controls,
// so that no advice is matched by its English text. An advice whose options the table does not
// cover (or that names none) shows its action as text only: no button that would do nothing.
import { $, el } from './dom.js';
import { roundedMessage } from './field-message.js';

// Sets the control `id` (a checkbox, a select or a text field) to `value` as a user would, so that
// the section's own listeners (remembered factors, the structure's hint) see the change.
function setControl(id, value) {
  const control = typeof id === 'string' ? $(id) : id;
  if (!control) return false;
  if (control.type === 'checkbox') control.checked = value;
  else control.value = value;
  control.dispatchEvent(new Event(control.type === 'checkbox' || control.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  return true;
}

// The structure JSON as step 4 of the CSV section takes it: the template it matches, else "custom"
// with the JSON in its field.
function setStructure(json) {
  const wanted = JSON.stringify(JSON.parse(json));
  if (wanted === JSON.stringify({ K: 'zero' })) return setControl('csv-structure', 'free');
  setControl('csv-structure', 'custom');
  return setControl('csv-structure-json', json);
}

// "q2=-1" or "q2=-1,u1=2": the factor of each named column in step 3 (false when a column has none).
function setFactors(value) {
  return value.split(',').every((pair) => {
    const [column, factor] = pair.split('=');
    const field = [...document.querySelectorAll('input[name="csv-factor"]')].find((f) => f.dataset.column === column?.trim());
    return field !== undefined && factor !== undefined && setControl(field, factor.trim());
  });
}

// "lo:hi": the modes section's band fields.
function setBand(value) {
  const [lo, hi] = value.split(':');
  return hi !== undefined && setControl('modes-band-lo', lo) && setControl('modes-band-hi', hi);
}

// "0": random; n > 0: periodic with n periods; -1: found from the force.
function setPeriods(value) {
  const n = Number(value);
  if (n === 0) return setControl('modes-excitation', 'random');
  if (n < 0) return setControl('modes-excitation', 'auto');
  return setControl('modes-excitation', 'periodic') && setControl('modes-periods', String(n));
}

/**
 * The one table of advice options: per option name (as `mechid` spells it, without the dashes),
 * the section whose form runs with it ('csv': "Your measurements", 'modes': "Frequency response and
 * modes"), what the button says it does, and how to set the section's controls (true when set).
 */
export const CONTROLS = {
  offset: { section: 'csv', says: () => 'add a force offset', set: () => setControl('csv-offset', true) },
  friction: { section: 'csv', says: () => 'add Coulomb friction', set: () => setControl('csv-friction', true) },
  structure: {
    section: 'csv',
    says: (v) => (v.replace(/\s/g, '') === '{"K":"zero"}' ? 'fix K at zero (free body)' : `use the structure ${v}`),
    set: setStructure,
  },
  scale: { section: 'csv', says: (v) => `set the factor${v.includes(',') ? 's' : ''} ${v.replace(/=/g, ' × ')}`, set: setFactors },
  band: { section: 'modes', says: (v) => `take the band ${v.replace(':', '–')} Hz`, set: setBand },
  'input-sampling': {
    section: 'csv',
    says: (v) => (v === 'point' ? 'take the forces as sampled' : v === 'hold' ? 'take the forces as held over each period' : `take the forces as ${v}`),
    set: (v) => [...($('csv-sampling')?.options ?? [])].some((o) => o.value === v) && setControl('csv-sampling', v),
  },
  periods: {
    section: 'modes',
    says: (v) => (Number(v) === 0 ? 'analyse it as random' : Number(v) < 0 ? 'find the periods from the force' : `analyse ${v} periods`),
    set: setPeriods,
  },
};

// The form each section runs: its submit identifies (or finds the modes) again.
const FORMS = { csv: 'csv-form', modes: 'modes-form' };

/** True when every option of `advice` has a control in `section`. */
export function actionable(advice, section) {
  const names = Object.keys(advice.options ?? {});
  return names.length > 0 && names.every((name) => CONTROLS[name]?.section === section);
}

// The button of an advice in `section`: sets the controls its options name, then runs the section again.
function actionButton(advice, section, { busy }) {
  const options = Object.entries(advice.options);
  const what = options.map(([name, value]) => CONTROLS[name].says(String(value))).join(', ');
  const button = el('button', `${what[0].toUpperCase()}${what.slice(1)}, and run again`, {
    type: 'button', class: 'advice-action', 'data-code': advice.code,
  });
  button.addEventListener('click', () => {
    if (busy?.()) return;
    const set = options.every(([name, value]) => CONTROLS[name].set(String(value)));
    if (set) $(FORMS[section]).requestSubmit();
  });
  return button;
}

/**
 * The advice as a list (ul.advice): each item its plain message (class by level: a note is
 * information, a warning says what may be wrong), its detail and action under "The precise
 * statement", and the button of its action when `section` has the controls (opts.busy(): true
 * while the section runs, when a click does nothing). Empty advice: null.
 */
export function adviceList(advice, section, opts = {}) {
  if (!advice?.length) return null;
  const list = el('ul', undefined, { class: 'advice' });
  for (const a of advice) {
    const item = el('li', undefined, { 'data-code': a.code, 'data-level': a.level });
    item.append(el('span', `${a.level === 'note' ? 'Note: ' : ''}${roundedMessage(a.message)}`, { class: 'advice-message' }));
    if (a.detail || a.action) {
      const more = el('details', undefined, { class: 'precise' });
      more.append(el('summary', 'The precise statement'));
      if (a.detail) more.append(el('p', roundedMessage(a.detail)));
      if (a.action) more.append(el('p', `What to do: ${roundedMessage(a.action)}`));
      item.append(more);
    }
    if (section && actionable(a, section)) item.append(actionButton(a, section, opts));
    list.append(item);
  }
  return list;
}

/** The warnings that are not an advice's (the core adds each warning advice's message to `warnings`). */
export const otherWarnings = (warnings, advice) => (warnings ?? []).filter((w) => !(advice ?? []).some((a) => w.startsWith(a.message)));
