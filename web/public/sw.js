/*
 * Muster service worker (served as /sw.js, scope "/"; plain JavaScript, no build step).
 *
 * - Precaches /offline.html and answers a navigation that fails (offline, server unreachable)
 *   with it.
 * - Never touches /api/* or /socket.io/*: those always go to the network and are never cached.
 * - Hashed build files under /assets/ never change: cache first.
 * - Every other same-origin GET (translations, icons, ...): network first, the cached copy
 *   only when the network fails.
 * - A new version waits until the page asks it to take over ({ type: 'SKIP_WAITING' }),
 *   after the user has agreed to reload (web/src/lib/service-worker.ts).
 *
 * Change VERSION whenever this file's behaviour changes: the new bytes are what makes open
 * tabs notice an update, and activation deletes every cache of an older version.
 */
const VERSION = 'v1';
const CACHE_PREFIX = 'muster-';
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const OFFLINE_URL = '/offline.html';
/** Old hashed files pile up across deployments; keep the newest entries only. */
const MAX_CACHED_ENTRIES = 200;

self.addEventListener('install', (event) => {
  // `cache: 'reload'` skips the HTTP cache, so the page stored is the deployed one.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' }))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The api and the realtime channel are live data: straight to the network, never cached.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;
  // A Chrome quirk: such requests fail when answered from a worker.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;

  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(event));
  } else {
    event.respondWith(networkFirst(event));
  }
});

/**
 * Pages come from the network; when it cannot be reached, the offline page answers.
 * (No navigation preload: with it, a navigation this worker leaves alone, such as an /api
 * sign-in redirect, would reach the server twice.)
 */
async function navigate(event) {
  try {
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_URL, { cacheName: CACHE });
    return offline || new Response('You are offline.', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
}

async function cacheFirst(event) {
  const cached = await caches.match(event.request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(event.request);
  keep(event, response);
  return response;
}

async function networkFirst(event) {
  try {
    const response = await fetch(event.request);
    keep(event, response);
    return response;
  } catch (err) {
    const cached = await caches.match(event.request, { cacheName: CACHE });
    if (cached) return cached;
    throw err;
  }
}

/**
 * Stores a copy of complete, successful same-origin answers (no errors, no partial content).
 * Best effort, deliberately outside `event.waitUntil`: a copy the page is slow to read (or
 * never finishes reading) would otherwise keep this worker busy, and a new version told to
 * take over would wait for it indefinitely (seen in Chromium).
 */
function keep(event, response) {
  if (!response || response.status !== 200 || response.type !== 'basic') return;
  void store(event.request, response.clone());
}

async function store(request, response) {
  try {
    const cache = await caches.open(CACHE);
    await cache.put(request, response);
    const keys = await cache.keys();
    const excess = keys.length - MAX_CACHED_ENTRIES;
    for (let i = 0; i < excess; i += 1) {
      if (new URL(keys[i].url).pathname !== OFFLINE_URL) await cache.delete(keys[i]);
    }
  } catch {
    // A full or unavailable cache must never break the page.
  }
}
