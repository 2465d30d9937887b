// Examples are tests: the README's CLI example runs as written and its output looks as described.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './helpers.mjs';

test("the README's CLI example runs and writes the CSV it describes", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const example = /```sh\n(node bin\/mechid\.js simulate [^\n]+)\n/.exec(readme);
  assert.ok(example, 'README has a `node bin/mechid.js simulate` example');
  const dir = mkdtempSync(join(tmpdir(), 'mechid-readme-'));
  try {
    execSync(example[1].replace('node bin/mechid.js', `"${process.execPath}" "${join(root, 'bin/mechid.js')}"`), { cwd: dir });
    const lines = readFileSync(join(dir, '3dof.csv'), 'utf8').trimEnd().split('\n');
    assert.equal(lines[0], 't,u1,u2,u3,q1,q2,q3');
    assert.equal(lines.length, 2001);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
