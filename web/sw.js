// Service worker: the page loads from this browser's cache, fast and with the network off, after
// its first load. Every file of the site (gen/assets.json: written by the build for any static
// server; scripts/serve.mjs computes it on each request) is cached under
// the version in that list; each page load asks the server for the list in the background and,
// when the version changed, caches the new files whole and tells the page, which offers a reload
// (so a page never mixes files of two versions). Only this origin's GET requests are handled: the
// page makes no other, and user data never goes through here.
const PREFIX = 'mechid-';

async function manifest() {
  const response = await fetch('gen/assets.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`gen/assets.json: HTTP ${response.status}`);
  return response.json();
}

// The cache of the newest complete version (caches.keys() lists in creation order).
async function current() {
  const names = (await caches.keys()).filter((k) => k.startsWith(PREFIX));
  return names.length ? caches.open(names[names.length - 1]) : null;
}

// Caches a version whole (under a temporary name until complete), then drops the older ones.
async function take(list) {
  const name = PREFIX + list.version;
  if ((await caches.keys()).includes(name)) return false;
  const staging = `staging-${list.version}`;
  const cache = await caches.open(staging);
  await cache.addAll(['./', ...list.files]);
  const done = await caches.open(name);
  for (const request of await cache.keys()) await done.put(request, await cache.match(request));
  await caches.delete(staging);
  for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== name) await caches.delete(key);
  return true;
}

async function checkForUpdate() {
  try {
    if (await take(await manifest())) {
      for (const client of await self.clients.matchAll()) client.postMessage({ type: 'mechid-updated' });
    }
  } catch {
    // offline, or the server is gone: keep the cached version
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(manifest().then(take).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

async function answer(event) {
  const { request } = event;
  if (request.mode === 'navigate') event.waitUntil(checkForUpdate());
  const cache = await current();
  const hit = cache && await cache.match(request, { ignoreSearch: true });
  return hit || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (new URL(request.url).pathname.endsWith('/gen/assets.json')) return;  // always the server's
  event.respondWith(answer(event));
});
