// Service worker: the page keeps working with the network off after its first load.
// Network first (the server says no-cache, so a page online always gets the newest files), each
// good answer kept in the cache; the cache answers when the network fails. Only this origin's
// GET requests are handled: the page makes no other (and user data never goes through here).
const CACHE = 'mechid-v1';

// Every file of the site, listed by the build (scripts/list-assets.mjs), cached on install.
async function precache() {
  const cache = await caches.open(CACHE);
  const list = await (await fetch('gen/assets.json', { cache: 'no-store' })).json();
  await cache.addAll(['./', ...list]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (e) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw e;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(networkFirst(request));
});
