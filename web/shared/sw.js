// Service worker: precaches the site so it loads and plays offline.
// build.py fills in the version and the file lists (every file with its content hash).
const VERSION = "{{version}}";
const CACHE = "dvonn-" + VERSION;
// The files every visitor uses: the runtime, the packs, the pages written in one language only.
const FILES = {{files}};
// The pages written in several languages, by language, each language's folder ("./" for English, "./de/") among
// them.  A player reads one language (issue 45: the bytes of a first visit): the install precaches the pages of the
// visitor's languages, and another language's pages are cached when one of them is first opened.
const SOURCE = "{{source}}";
const FOLDERS = {{folders}};
const PAGES = {{pages}};
// The files of the bot's two starts: from its snapshot, and without it (the whole standard library, the worker's
// Python files).  The one this device uses is precached with FILES: without the snapshot on a connection the
// browser reports as slow, or with data saving on, as web/shared/pyodide_boot.mjs decides.
const SNAPSHOT_START = {{snapshot_start}};
const PLAIN_START = {{plain_start}};
// Files cached when a page first fetches them, not at install (issue 45: the bytes of a first visit): the other
// start's, and the Python sources kept for reading (the pages run their packs).
const ON_FIRST_USE = new Set({{on_first_use}}.map((url) => new URL(url, self.location).href));

const absolute = (url) => new URL(url, self.location).href;
// A page's address without its query or fragment -> its language.
const LANGUAGE_OF = new Map(Object.entries(PAGES).flatMap(([language, urls]) => urls.map((url) => [absolute(url),
                                                                                               language])));

function pageOf(url) {
  const page = new URL(url);
  page.search = page.hash = "";
  return page.href;
}

function languageOf(url) {
  return LANGUAGE_OF.get(pageOf(url));
}

function slowConnection() {  // the same test as pyodide_boot.mjs's
  const c = self.navigator && self.navigator.connection;
  return !!c && (c.saveData === true || ["slow-2g", "2g", "3g"].includes(c.effectiveType));
}

// Fetches the files ``urls`` and puts them in ``cache``; files already fetched by the page come from the HTTP cache,
// pages are revalidated.
async function store(cache, urls) {
  await Promise.all(urls.map(async (url) => {
    const page = url.endsWith("/") || url.endsWith(".html");
    const response = await fetch(url, { cache: page ? "no-cache" : "default" });
    if (!response.ok) throw new Error("precache " + url + ": " + response.status);
    await cache.put(url, response);
  }));
}

// The visitor's languages: those of the site's open pages (the page that registered this worker is one of them),
// and those the version before this one had cached (a language used once stays usable offline after an update);
// English when none tells.
async function visitorLanguages() {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const languages = new Set(windows.map((client) => languageOf(client.url)).filter(Boolean));
  for (const language of Object.keys(PAGES)) {
    if (!languages.has(language) && await caches.match(absolute(FOLDERS[language]))) languages.add(language);
  }
  return languages.size ? [...languages] : [SOURCE];
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const files = FILES.concat(slowConnection() ? PLAIN_START : SNAPSHOT_START);
    await store(cache, files.concat(...(await visitorLanguages()).map((language) => PAGES[language])));
    await self.skipWaiting();
  })());
});

// The pages of a language being cached, by language (while a first page of it is opened).
const caching = new Map();

function cacheLanguage(language) {
  if (!caching.has(language)) {
    // (Should the network fail on the way, the next page of the language opened online tries again.)
    caching.set(language, caches.open(CACHE).then((cache) => store(cache, PAGES[language])).catch(() => {})
      .finally(() => caching.delete(language)));
  }
  return caching.get(language);
}

// Offline, a page whose language is not cached is answered with the same page in a cached language (English first
// if cached, then in the order of PAGES), with its query: a redirect to it, so that its relative addresses resolve
// from its own folder.  Any other address of the site is sent to the index of a cached language.
async function samePageCached(cache, url) {
  const language = languageOf(url);
  const name = language ? pageOf(url).slice(absolute(FOLDERS[language]).length) : "";
  for (const other of [SOURCE, ...Object.keys(PAGES)]) {
    const same = absolute(FOLDERS[other]) + name;
    if (LANGUAGE_OF.get(same) === other && await cache.match(same)) {
      return Response.redirect(language ? same + new URL(url).search : same, 302);
    }
  }
  return undefined;
}

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
    const navigation = request.mode === "navigate";
    // A page address with a query (embed.html?position=...) is the cached page itself.
    const hit = await cache.match(request, { ignoreVary: true })
      || (navigation && await cache.match(request, { ignoreSearch: true, ignoreVary: true }));
    if (hit) return hit;
    let response;
    try {
      response = await fetch(request);
    } catch (error) {
      const other = navigation && await samePageCached(cache, request.url);
      if (other) return other;
      throw error;
    }
    // A page of a language not cached yet, opened online: its language's pages are cached, for offline use.
    const language = navigation && languageOf(request.url);
    if (language && response.ok) event.waitUntil(cacheLanguage(language));
    if (response.ok && ON_FIRST_USE.has(request.url)) await cache.put(request, response.clone());
    return response;
  })());
});
