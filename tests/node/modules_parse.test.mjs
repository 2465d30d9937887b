// Every JS module of the page, the facade and the CLI parses as a module (a duplicate import, which
// a merge can leave, stops the whole page from starting, and only the browser would say so): one
// Node process with vm.SourceTextModule parses each file of web/ (but web/gen, the build's copies),
// wasm/ and bin/ without running it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return ['gen', 'node_modules', 'compat'].includes(d.name) ? [] : modules(path);
    return /\.m?js$/.test(d.name) ? [path] : [];
  });
}

const PARSE = `
const vm = require('node:vm'), fs = require('node:fs');
const bad = [];
for (const file of JSON.parse(process.argv[1])) {
  try { new vm.SourceTextModule(fs.readFileSync(file, 'utf8'), { identifier: file }); } catch (e) { bad.push(file + ': ' + e.message); }
}
process.stdout.write(JSON.stringify(bad));`;

test('every module of web/, wasm/ and bin/ parses (no duplicate declaration, no syntax error)', () => {
  const files = ['web', 'wasm', 'bin'].flatMap((d) => modules(join(root, d)));
  assert.ok(files.length > 100, `${files.length} modules found`);
  const run = spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', '-e', PARSE, JSON.stringify(files)], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), []);
});
