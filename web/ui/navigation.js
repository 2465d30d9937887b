// The page's navigation: one step (or tool) shown at a time, chosen in a tablist (WAI-ARIA tabs
// pattern, manual activation): Tab reaches the selected tab, ← → Home End move between the tabs,
// Enter or Space (a click) opens one, the next Tab enters its panel. The fragment names the
// step: #identify opens Identify; a share link (#identify?…, #simulate?…) or a section's id
// (#cond, #csv) opens the step holding it. The fragment is only compared with ids and step
// names, never put into the page.
import { $ } from './dom.js';

// Fragment names that are not a step's own name, and the step they open.
const ALIASES = { simulate: 'data', ident: 'identify', analyze: 'analyse' };

const tabs = () => [...document.querySelectorAll('#steps [role="tab"]')];
const panelOf = (tab) => $(tab.getAttribute('aria-controls'));

/** Shows the tab's panel and hides the others; the tab becomes the tablist's one Tab stop. */
function select(tab) {
  for (const t of tabs()) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    panelOf(t).hidden = !selected;
  }
}

/** The tab of a fragment's name: a step's name, an alias, or the id of an element inside a step. */
function tabFor(name) {
  const step = ALIASES[name] ?? name;
  const own = tabs().find((t) => t.dataset.step === step);
  if (own) return own;
  const panel = name ? document.getElementById(name)?.closest('[role="tabpanel"]') : null;
  return panel ? $(panel.getAttribute('aria-labelledby')) : null;
}

/**
 * Opens the step named by the page's fragment (before any "?") and, when the fragment is the id of
 * an element inside it (#cond), scrolls to that element as the browser would have, had it been
 * shown. Returns the tab, or null when the fragment names no step.
 */
function followFragment() {
  let name = '';
  try {
    name = decodeURIComponent(window.location.hash.slice(1).split('?')[0]);
  } catch {
    return null;  // a malformed fragment opens nothing
  }
  const tab = tabFor(name);
  if (!tab) return null;
  select(tab);
  const target = document.getElementById(name);
  if (target && !target.matches('[role="tabpanel"]')) target.scrollIntoView();
  return tab;
}

/** Opens the step that holds `element` (an element of the page); nothing when it is in none. */
export function reveal(element) {
  const panel = element?.closest('[role="tabpanel"]');
  if (panel?.hidden) select($(panel.getAttribute('aria-labelledby')));
}

function onKey(event) {
  const all = tabs();
  const at = all.indexOf(event.target);
  if (at < 0) return;
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const tab = all[(next + all.length) % all.length];
  // Manual activation: the arrows move the focus only; Enter or Space opens the step.
  for (const t of all) t.tabIndex = t === tab ? 0 : -1;
  tab.focus();
}

// Back to the selected tab's roving tabindex when the focus leaves the tablist unopened.
function onFocusOut(event) {
  if ($('steps').contains(event.relatedTarget)) return;
  for (const t of tabs()) t.tabIndex = t.getAttribute('aria-selected') === 'true' ? 0 : -1;
}

/** Wires the tablist and opens the step of the fragment (else the first). Call before the views. */
export function startNavigation() {
  for (const tab of tabs()) {
    tab.addEventListener('click', () => {
      select(tab);
      // The step in the address bar, for a link or a reload; no hashchange, no history entry.
      window.history.replaceState(null, '', `#${tab.dataset.step}`);
    });
  }
  $('steps').addEventListener('keydown', onKey);
  $('steps').addEventListener('focusout', onFocusOut);
  // The skip link enters the open step (its panel takes the focus) and keeps the fragment.
  $('skip-link').addEventListener('click', (event) => {
    event.preventDefault();
    const tab = tabs().find((t) => t.getAttribute('aria-selected') === 'true');
    panelOf(tab).focus();
  });
  if (!followFragment()) select(tabs()[0]);
  window.addEventListener('hashchange', followFragment);
}
