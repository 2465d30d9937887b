// The bad-input corpus (tests/data/bad, expected.json) through the CLI's identify command: each
// file refused with code bad-input and its expected message (the `cli` one where the page's
// differs). In-process (helpers.mjs `cli`) to stay fast; the spawned CLI is checked on the files
// whose bytes must not reach a terminal (cli_messages.test.mjs).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { cli } from './helpers.mjs';

const dir = new URL('../data/bad/', import.meta.url).pathname;
const expected = JSON.parse(readFileSync(`${dir}expected.json`, 'utf8'));
const cliMessage = (entry) => (typeof entry === 'string' ? entry : entry.cli);

test('the corpus has at least 80 files, each with its expected message, and no file without one', () => {
  const files = readdirSync(dir).filter((name) => !['README.md', 'expected.json'].includes(name)).sort();
  assert.ok(files.length >= 80, `${files.length} files`);
  assert.deepEqual(files, Object.keys(expected).sort());
});

test('identify refuses each file of the corpus with one line naming the file, line or column', async () => {
  for (const [name, entry] of Object.entries(expected)) {
    const r = await cli('identify', '--data', `${dir}${name}`, '--method', 'variational', '--out', '/dev/null');
    assert.equal(r.code, 1, `${name}: exit ${r.code}: ${r.stderr}`);  // bad input, not internal (2)
    assert.equal(r.stderr.replaceAll(dir, ''), `mechid: error: ${cliMessage(entry)}\n`, name);
    assert.doesNotMatch(r.stderr.slice(0, -1), /[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/, `${name}: a control character in the message`);
  }
});
