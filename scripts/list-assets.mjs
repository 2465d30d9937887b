#!/usr/bin/env node
// Writes web/gen/assets.json: {version, files}: every file of the static site (paths relative to
// web/) and a hash of their contents. The service worker (web/sw.js) caches exactly these files
// under that version, and takes a new version when the hash changes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_ROOT } from './serve.mjs';

function files(root, dir = root) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(root, path) : [relative(root, path).split('\\').join('/')];
  });
}

/** Writes root/gen/assets.json; returns its contents. */
export function writeAssetList(root = WEB_ROOT) {
  const list = files(root).filter((p) => p !== 'gen/assets.json').sort();
  const hash = createHash('sha256');
  for (const path of list) hash.update(path).update('\0').update(readFileSync(join(root, path))).update('\0');
  const manifest = { version: hash.digest('hex').slice(0, 16), files: list };
  writeFileSync(join(root, 'gen', 'assets.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

if (realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url))) writeAssetList();
