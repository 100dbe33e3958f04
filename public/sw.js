/*
 * Service worker of the shop (registered by the client after load, production builds only).
 *
 * - The app shell (offline page, manifest, icons) is cached at install.
 * - Fingerprinted build files (/assets/*) are cache-first: their names change with their content.
 * - Pictures are stale-while-revalidate, in a cache of bounded size.
 * - Pages are always fetched from the network and never stored: their HTML carries the visitor's
 *   session data. When the network is gone, the offline page is shown instead.
 * - API answers (/api/*) are never touched, so nothing personal is ever kept here.
 */
const VERSION = 'v2';
const SHELL_CACHE = `shell-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;
const IMAGE_CACHE = `images-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const SHELL_URLS = [OFFLINE_URL, '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
const MAX_ASSETS = 120;
const MAX_IMAGES = 200;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_URLS.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const keep = new Set([SHELL_CACHE, ASSET_CACHE, IMAGE_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => !keep.has(key)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

const isAsset = (url) => url.pathname.startsWith('/assets/');
const isImage = (request, url) =>
  request.destination === 'image' || /^\/(images|uploads|icons)\//.test(url.pathname) || url.pathname === '/favicon.svg';

/** Keeps a cache to its newest `max` entries (keys come back in insertion order). */
async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

const cacheable = (response) => response && response.ok && response.type === 'basic';

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: ASSET_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (cacheable(response)) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
    trim(ASSET_CACHE, MAX_ASSETS);
  }
  return response;
}

async function staleWhileRevalidate(event) {
  const { request } = event;
  const cache = await caches.open(IMAGE_CACHE);
  // The shell's icons sit in the shell cache: any cache will do for reading.
  const cached = await caches.match(request);
  const network = fetch(request)
    .then(async (response) => {
      if (cacheable(response)) {
        await cache.put(request, response.clone());
        await trim(IMAGE_CACHE, MAX_IMAGES);
      }
      return response;
    })
    .catch(() => cached || Response.error());
  if (cached) {
    event.waitUntil(network);
    return cached;
  }
  return network;
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL_CACHE });
    return offline || new Response('Нет подключения к интернету', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrOffline(request));
    return;
  }
  if (isAsset(url)) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (isImage(request, url)) event.respondWith(staleWhileRevalidate(event));
});

/** The page lists the build files it loaded before this worker controlled it: keep them for offline use. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .map((u) => {
      try {
        return new URL(u, self.location.origin);
      } catch {
        return null;
      }
    })
    .filter((u) => u && u.origin === self.location.origin && isAsset(u))
    .map((u) => u.href);
  event.waitUntil(
    caches.open(ASSET_CACHE).then(async (cache) => {
      for (const url of urls) {
        if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
      }
      await trim(ASSET_CACHE, MAX_ASSETS);
    }),
  );
});
