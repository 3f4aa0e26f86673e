// The site's service worker (written to sw.js at the site's root by coursebuild.commands.site, with
// the build's version): a file of the site fetched once is kept, and served from here
// when a page asks for it again, by this page or another, online or not: the pages, their
// scripts, fonts and figures, and Python (Pyodide, the course's zips) from the first time
// a page ran it. The kept files are the build's: a new build is a new version of this
// script, which the browser fetches on each visit; it replaces the old one and drops
// everything the old one kept. Left to the network: what is not the site's, what is not
// a GET, a part of a file (a Range), the books and the wheel (downloads, large, rarely
// read twice). A page opened from a folder (file://) has no service worker, and needs none.
const VERSION = "@VERSION@";
const CACHE = `arena-${VERSION}`;
const SCOPE = self.registration.scope;               // the site's root

const kept = (url) => url.startsWith(SCOPE) && !/\.(pdf|whl)$|\/sw\.js$/.test(new URL(url).pathname);

async function answer(request) {
  const cache = await caches.open(CACHE);
  // a page reached with a query (a search's ?h=...) is the page
  const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && !response.redirected) {
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("arena-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range") || !kept(request.url)) return;
  event.respondWith(answer(request));
});

// the files the page fetched before this worker was there (its first visit), which the
// page lists (loader.js): kept too, taken from the browser's cache where it has them.
// Kept one list after the other (`keeping`), so that a page may ask, with a port, which
// files are kept once every list it sent before is: { kept: true } is answered with them.
let keeping = Promise.resolve();

async function keepAll(urls) {
  const cache = await caches.open(CACHE);
  for (const url of urls.filter((u) => typeof u === "string" && kept(u))) {
    if (await cache.match(url)) continue;
    try {
      const response = await fetch(url);
      if (response.ok && response.type === "basic" && !response.redirected) {
        await cache.put(url, response);
      }
    } catch {
      // offline meanwhile: fetched again when a page asks for it
    }
  }
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (Array.isArray(data.keep)) keeping = keeping.then(() => keepAll(data.keep));
  if (data.kept && event.ports[0]) {
    const port = event.ports[0];
    keeping = keeping.then(async () => {
      const cache = await caches.open(CACHE);
      port.postMessage((await cache.keys()).map((r) => r.url));
    });
  }
  event.waitUntil(keeping);
});
