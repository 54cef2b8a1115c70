// Service worker: precaches the site so it loads and plays offline.
// build.py fills in the version and the file list (every file with its content hash).
const VERSION = "{{version}}";
const CACHE = "dvonn-" + VERSION;
const FILES = {{files}};
// The files of the bot's two starts: from its snapshot, and without it (the whole standard library, the worker's
// Python files).  The one this device uses is precached with FILES: without the snapshot on a connection the
// browser reports as slow, or with data saving on, as web/shared/pyodide_boot.mjs decides.
const SNAPSHOT_START = {{snapshot_start}};
const PLAIN_START = {{plain_start}};
// Files cached when a page first fetches them, not at install (issue 45: the bytes of a first visit): the other
// start's, and the Python sources kept for reading (the pages run their packs).
const ON_FIRST_USE = new Set({{on_first_use}}.map((url) => new URL(url, self.location).href));

function slowConnection() {  // the same test as pyodide_boot.mjs's
  const c = self.navigator && self.navigator.connection;
  return !!c && (c.saveData === true || ["slow-2g", "2g", "3g"].includes(c.effectiveType));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Files already fetched by the page come from the HTTP cache; pages are revalidated.
    const files = FILES.concat(slowConnection() ? PLAIN_START : SNAPSHOT_START);
    await Promise.all(files.map(async (url) => {
      const page = url === "./" || url.endsWith(".html");
      const response = await fetch(url, { cache: page ? "no-cache" : "default" });
      if (!response.ok) throw new Error("precache " + url + ": " + response.status);
      await cache.put(url, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("dvonn-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A page address with a query (embed.html?position=...) is the cached page itself.
    const hit = await cache.match(request, { ignoreVary: true })
      || (request.mode === "navigate" && (await cache.match(request, { ignoreSearch: true, ignoreVary: true })
        || await cache.match("./", { ignoreSearch: true })));
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && ON_FIRST_USE.has(request.url)) await cache.put(request, response.clone());
    return response;
  })());
});
