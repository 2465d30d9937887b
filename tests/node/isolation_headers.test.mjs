// The cross-origin isolation headers (README, "Threads") are written twice, since a service
// worker cannot import the server's module: scripts/serve.mjs sends ISOLATION_HEADERS, web/sw.js
// adds its own copy where a host does not. They must say the same.
// Run: node --test tests/node/isolation_headers.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ISOLATION_HEADERS } from '../../scripts/serve.mjs';

test("web/sw.js adds the same isolation headers as scripts/serve.mjs sends", () => {
  const sw = readFileSync(new URL('../../web/sw.js', import.meta.url), 'utf8');
  const literal = sw.match(/const ISOLATION_HEADERS = (\{[^}]*\});/);
  assert.ok(literal, 'web/sw.js defines ISOLATION_HEADERS');
  const headers = Object.fromEntries([...literal[1].matchAll(/'([^']+)':\s*'([^']+)'/g)].map((m) => [m[1], m[2]]));
  assert.deepEqual(headers, ISOLATION_HEADERS);
  assert.deepEqual(Object.keys(ISOLATION_HEADERS).sort(), ['Cross-Origin-Embedder-Policy', 'Cross-Origin-Opener-Policy']);
});
