/*
 * Tidemark's service worker: makes the web app installable and lets its static files load from
 * the device. It NEVER caches the API or the sockets: /api/** (balances, orders, messages, the
 * session) and /ws/** always go to the network untouched, so nothing private or stale is ever
 * served from a cache.
 *
 * - /assets/*: the build's fingerprinted files (a new build has new names): cache first.
 * - page loads: network first; the last good index.html only when the network is down.
 * - icons and the manifest: network first, cached copy offline.
 * - Web Push (price alerts, apps/server/src/modules/alerts): shows the notification the server sent (decrypted by
 *   the browser) and opens the page it names when tapped.
 */
const CACHE = 'tidemark-static-v1';
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(SHELL, { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('tidemark-') && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

/** Requests the worker must leave alone: not ours, not a GET, the API, the sockets. */
function bypass(request, url) {
  if (request.method !== 'GET') return true;
  if (url.origin !== self.location.origin) return true;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return true;
  if (url.pathname === '/ws' || url.pathname.startsWith('/ws/')) return true;
  if (request.headers.get('upgrade')) return true;
  return false;
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    caches.open(CACHE).then((c) => c.put(request, copy));
  }
  return response;
}

async function networkFirst(request, fallbackKey) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      caches.open(CACHE).then((c) => c.put(fallbackKey ?? request, copy));
    }
    return response;
  } catch (err) {
    const cached = await caches.match(fallbackKey ?? request);
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (bypass(request, url)) return; // straight to the network, no cache involved
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname.startsWith('/icons/') || url.pathname === '/manifest.webmanifest') {
    event.respondWith(networkFirst(request));
  }
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Tidemark', {
      body: message.body || '',
      tag: message.tag,
      icon: '/icons/icon-192.png',
      data: { url: typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (new URL(w.url).origin === self.location.origin && 'focus' in w) {
          w.navigate(url);
          return w.focus();
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
