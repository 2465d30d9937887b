// The page's method lists (the CSV section's "6. Method" and the Identify section's "Methods"),
// made from the core's method table: the worker's methodInfo, asked for once. A list is one
// checkbox per method, named after the form's field, its text the method's label and checked by
// default when the entry's `checkedKey` flag is set; an element with data-methods-with="positive"
// (or another capability) gets the names of the methods that honour it. Built with DOM APIs only.
import { client } from '../client/worker-client.js';
import { methodsWith, recommendedFirst } from '../gen/method-help.js';
import { el } from './dom.js';

let info = null;

/** The method table (one request to the worker for the page; the same promise after that). */
export function methodInfo() {
  info ??= client.methodInfo().then((reply) => reply.methods, (e) => {
    info = null;  // a later list asks again
    throw e;
  });
  return info;
}

/**
 * [{value, text, checked}] for a list: every method of `methods` (methodInfo), the recommended one
 * first, checked when m[checkedKey].
 */
export function methodChoices(methods, checkedKey = 'recommended') {
  return recommendedFirst(methods).map((m) => ({ value: m.name, text: m.label, checked: Boolean(m[checkedKey]) }));
}

/** The labelled checkboxes of a list named `name`, as <label class="check"> elements. */
export function methodCheckboxes(methods, name, checkedKey) {
  return methodChoices(methods, checkedKey).map(({ value, text, checked }) => {
    const box = el('input', undefined, { type: 'checkbox', name, value, ...(checked ? { checked: '' } : {}) });
    const label = el('label', undefined, { class: 'check' });
    label.append(box, ` ${text}`);
    return label;
  });
}

/**
 * Fills `list` (an element) with the checkboxes of every method and, inside `scope`, each
 * [data-methods-with] element with the methods that honour its capability ("a, b, c").
 */
export async function showMethodList(list, scope, { name, checkedKey }) {
  const methods = await methodInfo();
  list.replaceChildren(...methodCheckboxes(methods, name, checkedKey));
  for (const note of scope.querySelectorAll('[data-methods-with]')) {
    note.textContent = methodsWith(methods, note.dataset.methodsWith).join(', ');
  }
}
