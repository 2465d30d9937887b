// The service worker's list of the site's files: {version, files}, every file under root (paths
// relative to it, gen/assets.json and gen/node/ left out) and a hash of their names and contents.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function files(root, dir = root) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(root, path) : [relative(root, path).split('\\').join('/')];
  });
}

// gen/node/: the core with threads for Node (the CLI), which the page never requests.
export function assetManifest(root) {
  const list = files(root).filter((p) => p !== 'gen/assets.json' && !p.startsWith('gen/node/')).sort();
  const hash = createHash('sha256');
  for (const path of list) hash.update(path).update('\0').update(readFileSync(join(root, path))).update('\0');
  return { version: hash.digest('hex').slice(0, 16), files: list };
}
