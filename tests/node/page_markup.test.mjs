// The page's markup lives next to its views (issue 47, item 5): web/index.html is a shell (head,
// header, the steps' tablist, the steps' panels, one empty placeholder <section data-markup="name">
// per section) and each section's markup is a string of a web/views/*-markup.js module, put in by
// web/app/markup.js. Checked here without a browser: the shell holds no section's markup; every
// placeholder names a markup and every markup fills one placeholder; every id is unique across the
// shell and all markups; every id the markup refers to (label for, form, aria-*, #links) exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MARKUP } from '../../web/app/markup.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SHELL = readFileSync(join(root, 'web/index.html'), 'utf8');

const withoutComments = (html) => html.replace(/<!--[\s\S]*?-->/g, '');
const idsOf = (html) => [...withoutComments(html).matchAll(/<[a-zA-Z][^>]*?\sid="([^"]*)"/g)].map((m) => m[1]);
const placeholdersOf = (html) => [...withoutComments(html).matchAll(/\sdata-markup="([^"]*)"/g)].map((m) => m[1]);

/**
 * What the shell holds beyond a shell, as sentences (none for a shell): <main> may hold only the
 * steps' panels (<div class="step" role="tabpanel">) and empty placeholders; outside it no form,
 * control or section; the only buttons are the tablist's tabs.
 */
export function shellProblems(html) {
  const out = [];
  const text = withoutComments(html);
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(text);
  if (!main) return ['index.html has no <main>'];
  const left = main[1]
    .replace(/<section\b[^>]*\sdata-markup="[^"]*"[^>]*><\/section>/g, '')
    .replace(/<div\b[^>]*\bclass="step"[^>]*\brole="tabpanel"[^>]*>|<\/div>/g, '')
    .trim();
  if (left) out.push(`<main> holds markup beyond the steps' panels and empty placeholders: ${left.slice(0, 120)}…`);
  const outside = text.slice(0, main.index) + text.slice(main.index + main[0].length);
  for (const tag of ['form', 'input', 'select', 'textarea', 'section', 'table', 'canvas']) {
    if (new RegExp(`<${tag}\\b`).test(outside)) out.push(`index.html has a <${tag}> outside <main>`);
  }
  for (const m of outside.matchAll(/<button\b[^>]*>/g)) {
    if (!/\srole="tab"/.test(m[0])) out.push(`index.html has a button that is no step's tab: ${m[0]}`);
  }
  return out;
}

test('index.html is the shell: no section\'s markup, only the steps and their empty placeholders', () => {
  assert.deepEqual(shellProblems(SHELL), []);
  // The check sees a section's markup put back: the Modes section's, into its placeholder.
  const back = SHELL.replace('data-markup="modes"></section>', `data-markup="modes">${MARKUP.modes}</section>`);
  assert.notEqual(back, SHELL);
  assert.match(shellProblems(back).join('\n'), /<main> holds markup/);
  assert.match(shellProblems(SHELL.replace('<main', '<form id="f"><input id="i"></form><main')).join('\n'), /<form> outside <main>[\s\S]*<input> outside <main>/);
  // The shell's ids: the header's, the tablist's, the panels' and the placeholders'.
  const placeholders = [...SHELL.matchAll(/<section\b[^>]*\sid="([^"]*)"[^>]*\sdata-markup=/g)].map((m) => m[1]);
  for (const id of idsOf(SHELL)) {
    assert.ok(/^(skip-link|offline-status|steps-nav|steps|main|tab-[a-z]+|step-[a-z]+)$/.test(id) || placeholders.includes(id), `index.html's #${id} is no shell's id`);
  }
});

test('every placeholder names a markup, every markup fills exactly one placeholder', () => {
  const names = Object.keys(MARKUP);
  const used = [...placeholdersOf(SHELL), ...Object.values(MARKUP).flatMap(placeholdersOf)];
  for (const name of used) assert.ok(names.includes(name), `placeholder data-markup="${name}" names no markup (web/app/markup.js)`);
  assert.deepEqual([...used].sort(), [...names].sort(), 'each markup fills one placeholder, once');
  for (const [name, html] of Object.entries(MARKUP)) {
    assert.ok(html.trim().length > 0, `markup "${name}" is empty`);
    assert.doesNotMatch(html, /<script\b|\son[a-z]+=|\sstyle=/i, `markup "${name}" has no script, inline handler or style (CSP)`);
  }
  // Every *-markup.js module of web/views/ is one of the loader's.
  const loader = readFileSync(join(root, 'web/app/markup.js'), 'utf8');
  const views = join(root, 'web/views');
  for (const file of readdirSync(views, { recursive: true }).filter((f) => f.endsWith('-markup.js'))) {
    assert.ok(loader.includes(`'../views/${relative(views, join(views, file)).split('\\').join('/')}'`), `web/app/markup.js imports views/${file}`);
  }
});

test('every id is unique across the shell and every markup, and every id referred to exists', () => {
  const owners = new Map();
  for (const [name, html] of [['index.html', SHELL], ...Object.entries(MARKUP)]) {
    for (const id of idsOf(html)) {
      assert.ok(!owners.has(id), `id "${id}" is in ${owners.get(id)} and in ${name}`);
      owners.set(id, name);
    }
  }
  assert.ok(owners.size > 400, `the page has ${owners.size} ids`);
  const page = [SHELL, ...Object.values(MARKUP)].map(withoutComments).join('\n');
  const refs = [...page.matchAll(/\s(?:for|form|list|aria-labelledby|aria-describedby|aria-controls)="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/))
    .concat([...page.matchAll(/\shref="#([^"?]+)"/g)].map((m) => m[1]));
  // A link may name a step (#data opens the Data step: web/ui/navigation.js).
  const steps = [...SHELL.matchAll(/\sdata-step="([^"]*)"/g)].map((m) => m[1]);
  for (const id of refs) assert.ok(owners.has(id) || steps.includes(id), `the page refers to #${id}, which is in no markup`);
});
