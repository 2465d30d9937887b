// Shareable links: the setup of a simulation (never data) in the URL's fragment,
// `#simulate?h=0.05&n=2000…` or `#identify?system=3dof&…&methods=auto,variational`. The fragment
// is not sent to any server. Opening such a link fills the section's form; values only ever go
// into form fields' values (then through the forms' own checks), never into HTML.
import { $ } from './dom.js';

const SECTIONS = {
  simulate: {
    fields: { system: 'preset', input: 'input', amplitude: 'amplitude', h: 'h', n: 'n', snr: 'snr', seed: 'seed' },
    checks: { derivatives: 'derivatives' },
  },
  identify: {
    fields: { system: 'ident-preset', h: 'ident-h', n: 'ident-n', snr: 'ident-snr', seed: 'ident-seed' },
    methods: '#ident-form input[name="method"]',
  },
};


/** The section's form as a link to this page. */
export function setupLink(section) {
  const spec = SECTIONS[section];
  const params = new URLSearchParams();
  for (const [key, id] of Object.entries(spec.fields)) params.set(key, $(id).value.trim());
  for (const [key, id] of Object.entries(spec.checks ?? {})) if ($(id).checked) params.set(key, '1');
  if (spec.methods) params.set('methods', [...document.querySelectorAll(`${spec.methods}:checked`)].map((b) => b.value).join(','));
  const url = new URL(window.location.href);
  url.hash = `${section}?${params}`;
  return url.href;
}

/**
 * Fills the section's form from the page's link when it names this section; a select keeps its
 * value when the link names no option of it. Returns true when the link was for this section.
 */
function applySharedSetup(section) {
  const hash = window.location.hash.slice(1);
  if (!hash.startsWith(`${section}?`)) return false;
  const spec = SECTIONS[section];
  const params = new URLSearchParams(hash.slice(section.length + 1));
  for (const [key, id] of Object.entries(spec.fields)) {
    if (!params.has(key)) continue;
    const field = $(id), value = params.get(key).slice(0, 100);
    if (field.tagName === 'SELECT' && ![...field.options].some((o) => o.value === value)) continue;
    field.value = value;
    field.dataset.edited = 'true';  // the link's value, not a default (web/ui/form.js applyOptionSchema)
    field.dispatchEvent(new Event('change'));
  }
  for (const [key, id] of Object.entries(spec.checks ?? {})) $(id).checked = params.get(key) === '1';
  if (spec.methods && params.has('methods')) {
    const chosen = new Set(params.get('methods').split(','));
    for (const box of document.querySelectorAll(spec.methods)) box.checked = chosen.has(box.value);
  }
  $(SECTIONS[section].fields.h).closest('section, form')?.scrollIntoView();
  return true;
}

/** Applies the page's link to the section now and whenever the fragment changes. */
export function followSharedSetup(section) {
  applySharedSetup(section);
  window.addEventListener('hashchange', () => applySharedSetup(section));
}

/** Wires a "Share this setup" button: puts the link in the address bar and in `output`. */
export function shareButton(section, button, output) {
  button.addEventListener('click', () => {
    const link = setupLink(section);
    window.history.replaceState(null, '', link);
    output.value = link;
    output.closest('label').hidden = false;
    output.select();
  });
}
