// Step 4 of the CSV section, "Structure": what is known about M, D, K before identifying, as the
// core's options.structure ({M?, D?, K?, known?}; each of M, D, K "full" | "diagonal" |
// "tridiagonal" | "zero" | an n×n 0/1 mask of the free entries; known: fixed entries, null =
// unknown). A template, or the user's JSON parsed here and passed as is (the core checks it
// against the data and says what does not match).
import { parseStructureJson } from '../../gen/structure-json.js';
import { $ } from '../../ui/dom.js';

const TEMPLATES = {
  full: {
    structure: undefined,
    hint: 'Every entry of M, D and K is estimated (symmetric): any mass, damper or spring may couple any two DOF.',
  },
  chain: {
    structure: { M: 'diagonal', D: 'diagonal', K: 'tridiagonal' },
    hint: 'Carts in a row: each DOF its own mass and a dashpot to ground (M, D diagonal), springs only between neighbours (K tridiagonal).',
  },
  free: {
    structure: { K: 'zero' },
    hint: 'No spring holds the body (K = 0), e.g. a positioning stage on rails: its rigid-body motion is expected, not unstable.',
  },
  custom: {
    hint: 'Per matrix "full", "diagonal", "tridiagonal", "zero" or an n×n 0/1 mask of the free entries; "known": {"M": [[…]]} fixes entries (null = unknown).',
  },
};

const select = $('csv-structure');
const text = $('csv-structure-json');
const error = $('csv-structure-error');

function show() {
  $('csv-structure-hint').textContent = TEMPLATES[select.value].hint;
  $('csv-structure-custom').hidden = select.value !== 'custom';
}

/**
 * The structure chosen: undefined for the default; throws (with the message next to it) on bad
 * JSON, on JSON nested deeper than a structure (5,000 levels overflowed the stack when the form
 * was posted to the worker), on a value that is not an object and on a key given twice
 * (wasm/structure-json.js, the CLI's --structure reader).
 */
export function readStructure() {
  text.removeAttribute('aria-invalid');
  error.textContent = '';
  if (select.value !== 'custom') return TEMPLATES[select.value].structure;
  try {
    return parseStructureJson(text.value, 'Structure JSON');
  } catch (e) {
    text.setAttribute('aria-invalid', 'true');
    error.textContent = e.message;
    throw new Error(error.textContent);
  }
}

/** Wires the control: switching to "custom JSON" with an empty field starts it from the template left. */
export function startStructure() {
  let previous = select.value;
  select.addEventListener('change', () => {
    const from = TEMPLATES[previous].structure;
    if (select.value === 'custom' && text.value.trim() === '') text.value = JSON.stringify(from ?? { M: 'full', D: 'full', K: 'full' });
    previous = select.value;
    error.textContent = '';
    show();
  });
  show();
}
