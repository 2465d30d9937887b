// The form's inputs kept across a reload (issue 56): per section, the values of its controls that
// have an id (text, number, select, checkbox, radio), in this tab's sessionStorage. Nothing leaves
// the browser, a new tab starts from the defaults, and file inputs are never kept (a browser does
// not let a page refill them). A shared link's setup (the fragment's "section?…") wins over what
// was kept.

const PREFIX = 'mechid-form:';
const KEPT = 'input:not([type=file]):not([type=button]):not([type=submit]):not([type=hidden]):not([type=password]), select, textarea';

const checkable = (c) => c.type === 'checkbox' || c.type === 'radio';

// A control's key: its id, or for a box of a list (the methods) its name and value.
const keyOf = (c) => c.id || (checkable(c) && c.name ? `${c.name}=${c.value}` : '');

// The section's own controls with a key (a nested section keeps its own).
const controls = (section) => [...section.querySelectorAll(KEPT)].filter((c) => keyOf(c) && c.closest('section[id]') === section);

function save(section) {
  const values = {};
  for (const c of controls(section)) values[keyOf(c)] = checkable(c) ? c.checked : c.value;
  try {
    sessionStorage.setItem(PREFIX + section.id, JSON.stringify(values));
  } catch {
    // storage full or disabled: the form simply is not kept
  }
}

function kept(section) {
  try {
    const values = JSON.parse(sessionStorage.getItem(PREFIX + section.id) ?? 'null');
    return values !== null && typeof values === 'object' && !Array.isArray(values) ? values : null;
  } catch {
    return null;
  }
}

// Sets each control to its kept value and tells the section (input and change events), in the
// order of the page, so that a choice that refills other fields comes before those fields.
function restore(section) {
  const values = kept(section);
  if (!values) return;
  for (const c of controls(section)) {
    if (c.disabled || !Object.hasOwn(values, keyOf(c))) continue;
    const value = values[keyOf(c)];
    if (checkable(c)) {
      if (typeof value !== 'boolean' || c.checked === value || (c.type === 'radio' && !value)) continue;
      c.checked = value;
    } else {
      if (typeof value !== 'string' || c.value === value) continue;
      if (c.tagName === 'SELECT' && ![...c.options].some((o) => o.value === value)) continue;
      c.value = value;
    }
    c.dispatchEvent(new Event('input', { bubbles: true }));
    c.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Restores each section's kept inputs (unless a shared link fills the form) and keeps them from
 * now on; then marks the page (html data-forms-restored).
 */
export function keepForms(sections) {
  const shared = window.location.hash.includes('?');
  for (const section of sections) {
    if (!shared) restore(section);
    section.addEventListener('input', () => save(section));
    section.addEventListener('change', () => save(section));
  }
  document.documentElement.dataset.formsRestored = 'true';
}
