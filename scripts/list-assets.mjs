#!/usr/bin/env node
// Writes web/gen/assets.json: every file of the static site (paths relative to web/), which the
// service worker (web/sw.js) caches on install so that the page works offline.
import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { WEB_ROOT } from './serve.mjs';

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [relative(WEB_ROOT, path).split('\\').join('/')];
  });
}

const list = files(WEB_ROOT).filter((p) => p !== 'gen/assets.json').sort();
writeFileSync(join(WEB_ROOT, 'gen', 'assets.json'), `${JSON.stringify(list, null, 1)}\n`);
