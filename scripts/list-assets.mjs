#!/usr/bin/env node
// Writes web/gen/assets.json (scripts/asset-manifest.mjs), the service worker's list of files, for
// hosting web/ on any static server; scripts/serve.mjs computes it afresh on each request instead,
// so that an edited file reaches the page on its next load.
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assetManifest } from './asset-manifest.mjs';
import { WEB_ROOT } from './serve.mjs';

/** Writes root/gen/assets.json; returns its contents. */
export function writeAssetList(root = WEB_ROOT) {
  const manifest = assetManifest(root);
  writeFileSync(join(root, 'gen', 'assets.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

if (realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url))) writeAssetList();
