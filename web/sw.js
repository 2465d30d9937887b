// Service worker: the page loads from this browser's cache, fast and with the network off, after
// its first load. gen/assets.json lists every file of the site and a hash of their contents (the
// build writes it for any static server; scripts/serve.mjs computes it on each request). Each
// version is cached whole, with the network's copies (cache: 'reload'), and marked complete last.
// Each page load asks for the list in the background; a new version is cached and the page told,
// which offers a reload. A page and its workers are served from the version the page was loaded
// from, so a page never mixes two versions; the previous version is kept for pages still open.
// Only this origin's GET requests are handled: the page makes no other, and user data never goes
// through here.
const PREFIX = 'mechid-';
const STAGING = 'staging-';
const COMPLETE = '__complete__';

// Cross-origin isolation where the host does not send it (scripts/serve.mjs's ISOLATION_HEADERS,
// the same two; tests/node/isolation_headers.test.mjs): the page and its workers get the headers
// from here, so that from the first load this worker controls, the page may share memory with its
// workers and the worker loads the core's module with threads (web/app/worker.js). The first
// load of all, before this worker, runs on one thread.
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const versionOf = new Map();  // client id -> cache name (lost when the browser stops this worker)
let complete = null;          // names of the complete versions, oldest first (memoized)
let updating = Promise.resolve(false);

async function manifest() {
  const response = await fetch('gen/assets.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`gen/assets.json: HTTP ${response.status}`);
  return response.json();
}

async function completeVersions() {
  if (!complete) {
    const names = [];
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && await (await caches.open(name)).match(COMPLETE)) names.push(name);
    }
    complete = names;
  }
  return complete;
}

// Caches a version whole: downloaded into a staging cache, copied, marked complete last; then
// keeps the previous version and drops older ones and leftovers of interrupted downloads.
async function takeNow(list) {
  const name = PREFIX + list.version;
  if ((await completeVersions()).includes(name)) return false;
  for (const key of await caches.keys()) if (key.startsWith(STAGING)) await caches.delete(key);
  const staging = await caches.open(STAGING + list.version);
  await staging.addAll(['./', ...list.files].map((file) => new Request(file, { cache: 'reload' })));
  const done = await caches.open(name);
  for (const request of await staging.keys()) await done.put(request, await staging.match(request));
  await done.put(COMPLETE, new Response('complete'));
  await caches.delete(STAGING + list.version);
  complete = null;
  const names = await completeVersions();
  for (const old of names.slice(0, -2)) await caches.delete(old);
  complete = null;
  return true;
}

// One download at a time, in the order asked.
function take(list) {
  updating = updating.then(() => takeNow(list), () => takeNow(list));
  return updating;
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
  const names = await completeVersions();
  // A navigation (a page loading) takes the newest version; other requests their client's.
  let name = request.mode === 'navigate' ? undefined : versionOf.get(event.clientId);
  if (!names.includes(name)) name = names[names.length - 1];
  if (event.resultingClientId && name) versionOf.set(event.resultingClientId, name);  // a page or worker starting
  if (request.mode === 'navigate') event.waitUntil(checkForUpdate());
  const hit = name && await (await caches.open(name)).match(request, { ignoreSearch: true });
  return withIsolation(hit || await fetch(request));
}

// The response with ISOLATION_HEADERS (as it is when it has them, or when it is opaque).
function withIsolation(response) {
  if (response.type === 'opaque' || response.headers.has('Cross-Origin-Embedder-Policy')) return response;
  const headers = new Headers(response.headers);
  for (const [key, value] of Object.entries(ISOLATION_HEADERS)) headers.set(key, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (new URL(request.url).pathname.endsWith('/gen/assets.json')) return;  // always the server's
  event.respondWith(answer(event));
});
