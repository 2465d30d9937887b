// The documents in the repository stay the project's own and current (issue 47, item 7):
// - nothing tracked cites the design notes outside the repository (their place is docs/);
// - the product and its sources name papers and authors, not the provenance labels "seed 00x";
// - docs/results.md reports figures, not the history of their making ("stop N"), and every one of
//   its sections says the command that regenerates it;
// - docs/interfaces.md names every name tests/node/interfaces.test.mjs pins.
// Run: node --test tests/node/docs.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path) => readFileSync(new URL(path, new URL('../../', import.meta.url)), 'utf8');

// "stop 46", "Stop 47": the diary's entries.
const STOP = /\bstop \d+/i;
// A command that regenerates a section: inline or fenced, `npm run …`, `node bench|fuzz|scripts/…`,
// `bash .ci/run` or `bash scripts/…`.
const COMMAND = /(`|^)\s*(?:[A-Z_]+=\S+ )*(?:npm run [\w:-]+|node (?:bench|fuzz|scripts)\/[\w./-]+|(?:CCACHE_DISABLE=1 )?bash (?:\.ci\/run|scripts\/[\w.-]+))/m;

/** The tracked files (git ls-files), text files only. */
function trackedTextFiles() {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0').filter(Boolean);
  return files.filter((path) => {
    let text;
    try { text = read(path); } catch { return false; }  // a deleted, not yet committed file
    return !text.includes('\0');
  });
}

/** "path:line: text" for each line of `files` that matches `pattern`. */
function hits(files, pattern) {
  const out = [];
  for (const path of files) {
    read(path).split('\n').forEach((line, i) => {
      if (pattern.test(line)) out.push(`${path}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  return out;
}

// The design notes outside the repository, as a path (built from its parts, so that this file,
// too, holds no citation of them).
const DESIGN_NOTES = new RegExp(['shared', 'design'].join('\\/'));

test('no tracked file cites the design notes outside the repository', () => {
  const found = hits(trackedTextFiles(), DESIGN_NOTES);
  assert.deepEqual(found, [], `cite docs/interfaces.md, docs/toolchain.md or docs/style.md instead:\n${found.join('\n')}`);
});

test('bin/, web/, wasm/, src/ and README.md name papers, never "seed 00x"', () => {
  const files = trackedTextFiles().filter((path) => /^(bin|web|wasm|src)\//.test(path) || path === 'README.md');
  assert.ok(files.length > 100, `only ${files.length} files found`);
  const found = hits(files, /\bseeds? ?00\d/i);
  assert.deepEqual(found, [], `name the paper (Bruschetta 2011; Karimov et al. 2021; the SVF report; Beckmann et al. 2016):\n${found.join('\n')}`);
});

test('the regexes above find what they are meant to find', () => {
  for (const text of ['seed 002', 'Seed 003', 'seeds 003 and 004', '(seed004)']) assert.match(text, /\bseeds? ?00\d/i, text);
  for (const text of ['--seed 2', 'seed 1', 'the seed makes the noise repeatable', 'seeds 1..200']) {
    assert.doesNotMatch(text, /\bseeds? ?00\d/i, text);
  }
  for (const text of ['Stop 46: the kernels', 'since stop 33']) assert.match(text, STOP, text);
  for (const text of ['the PEM stops at its iteration limit', 'a stop of 3 s']) assert.doesNotMatch(text, STOP, text);
  for (const text of ['Command: `node bench/run.mjs speed`', '`npm run bench`', '```sh\nnpm run fuzz\n```', 'Reproduce: `node bench/run.mjs real`']) {
    assert.match(text, COMMAND, text);
  }
  for (const text of ['the bench above', 'run it by hand']) assert.doesNotMatch(text, COMMAND, text);
});

test('docs/results.md tells no history ("stop N")', () => {
  const found = hits(['docs/results.md'], STOP);
  assert.deepEqual(found, [], `the history stays in the git log:\n${found.join('\n')}`);
});

test('every section of docs/results.md says the command that regenerates it', () => {
  const text = read('docs/results.md');
  // Split at the `## ` headings outside fenced blocks.
  const sections = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (!fenced && line.startsWith('## ')) sections.push({ title: line, body: '' });
    else if (sections.length) sections.at(-1).body += `${line}\n`;
  }
  assert.ok(sections.length >= 10, `${sections.length} sections`);
  const without = sections.filter((s) => !COMMAND.test(s.body)).map((s) => s.title);
  assert.deepEqual(without, [], 'sections without a command (`npm run bench`, `node bench/run.mjs NAME`, …)');
});

test('docs/interfaces.md names every name tests/node/interfaces.test.mjs pins', () => {
  const pins = read('tests/node/interfaces.test.mjs');
  const doc = read('docs/interfaces.md');
  const names = new Set();
  // CLI options and commands of the test's CLI calls.
  for (const [, option] of pins.matchAll(/'(--[a-zA-Z][\w-]*)'/g)) if (!option.startsWith('--no-such')) names.add(option);
  for (const [, command] of pins.matchAll(/\bok(?:Json)?\(\['([a-z-]+)'/g)) names.add(command);
  // Keys of results (hasKeys), the lists of methods and exported names, IDENTIFY_KEYS.
  const lists = [
    ...pins.matchAll(/hasKeys\([^[\n]*\[([^\]]*)\]/g),
    ...pins.matchAll(/for \(const name of \[([^\]]*)\]/g),
    ...pins.matchAll(/const (?:methods|IDENTIFY_KEYS) = \[([^\]]*)\]/g),
  ];
  for (const [, list] of lists) for (const [, name] of list.matchAll(/'([A-Za-z_][\w-]*)'/g)) names.add(name);
  assert.ok(names.size > 150, `only ${names.size} pinned names found: has the test's shape changed?`);
  const missing = [...names].filter((name) => !doc.includes(name));
  assert.deepEqual(missing, [], 'pinned by tests/node/interfaces.test.mjs but not in docs/interfaces.md');
});

test('the documents cited by the repository are in it', () => {
  for (const path of ['docs/interfaces.md', 'docs/toolchain.md', 'docs/style.md', 'docs/results.md']) {
    assert.ok(read(path).length > 1000, path);
  }
});
