// The service worker (served as /sw.js by games.offline): the app's files and a game's pages
// for when the connection drops, and a round saved without a connection kept on the phone
// (IndexedDB) until static/js/offline.js sends it. Version {{ version }}.
"use strict";
const FILES = {{ files|safe }};
const STATIC = "static-{{ version }}";
const PAGES = "pages";
// The pages a table uses: home (where the app starts), a scoreboard and its round page.
const PAGE = /^\/(games\/\d+\/(rounds\/new\/)?)?$/;
const ROUND = /^\/games\/(\d+)\/rounds\/new\/$/;
const SCOREBOARD = /^\/games\/\d+\/$/;
// Signing in or out, or leaving, changes whose pages these are: the kept ones go.
const ACCOUNT = {{ account|safe }};
// The worker's own notes in each language (games.offline, from the catalogue): said in the
// language of the page the phone kept last, else the phone's own.
const NOTES = {{ notes|safe }};
// The engine on the phone (static/js/engine.js): Pyodide's files, fetched once a game was
// opened and kept for good (their folder names their version), and the engine's modules,
// answered from the phone's copy at once and brought up to date behind it.
const ENGINE = {{ engine|safe }};
const RUNTIME = `engine-${ENGINE.runtime}`;
const PATIENCE = 8000; // ms; a phone at the edge of the signal waits no longer than this

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== STATIC && k !== PAGES && k !== RUNTIME).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.method === "POST" && request.mode === "navigate") {
    event.respondWith(post(request, url));
  } else if (request.method === "GET" && ENGINE.runtime && url.pathname.startsWith(ENGINE.runtime)) {
    event.respondWith(kept(request));
  } else if (request.method === "GET" && url.pathname === ENGINE.bundle) {
    event.respondWith(fresh(request));
  } else if (request.method === "GET" && FILES.includes(url.pathname)) {
    event.respondWith(file(request));
  } else if (request.method === "GET" && current(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(current(url.pathname))));
  } else if (request.method === "GET" && request.mode === "navigate" && PAGE.test(url.pathname) && !url.search) {
    event.respondWith(page(request, url));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => note("not_kept")));
  }
});

// The page asks to be claimed (see static/js/offline.js), or for a game's pages to be kept
// (its round page, the scoreboard after a change).
self.addEventListener("message", (event) => {
  if (event.data && event.data.claim) return event.waitUntil(self.clients.claim());
  if (event.data && event.data.keepEngine) return event.waitUntil(keepEngine());
  const urls = ((event.data && event.data.keep) || []).filter((u) => PAGE.test(new URL(u, location).pathname));
  event.waitUntil(caches.open(PAGES).then((cache) => Promise.all(urls.map((u) =>
    fetch(u, { credentials: "same-origin" }).then((r) => keep(cache, u, r)).catch(() => {})))));
});

// A page kept before an update names the files it was served with, by their old hashed names:
// offline, it gets their present version instead.
function current(path) {
  const unhashed = (name) => name.replace(/\.[0-9a-f]{12}(\.\w+)$/, "$1");
  return FILES.find((file) => unhashed(file) === unhashed(path));
}

async function file(request) {
  return (await caches.match(request)) || fetch(request);
}

async function kept(request) {
  const cache = await caches.open(RUNTIME);
  const copy = await cache.match(request);
  if (copy) return copy;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// A game's page that doesn't start the engine asks for its files, so that it can start offline.
function keepEngine() {
  if (!ENGINE.runtime) return Promise.resolve();
  const files = ENGINE.files.map((name) => kept(new Request(ENGINE.runtime + name)));
  return Promise.all([...files, fresh(new Request(ENGINE.bundle))]).catch(() => {});
}

async function fresh(request) {
  const cache = await caches.open(RUNTIME);
  const copy = await cache.match(request);
  const update = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  if (!copy) return update;
  update.catch(() => {}); // offline: the copy is all there is
  return copy;
}

async function page(request, url) {
  const cache = await caches.open(PAGES);
  try {
    const response = await soon(request);
    // A scoreboard that answers with a redirect sends a signed-out phone to the log-in page
    // (signed out on another phone, or the session ran out): what this phone holds is no
    // longer for whoever is holding it. (A navigation's redirect reaches the worker opaque.)
    if (response.type === "opaqueredirect" && SCOREBOARD.test(url.pathname)) await caches.delete(PAGES);
    await keep(cache, url.pathname, response);
    return response;
  } catch (error) {
    const kept = await cache.match(url.pathname, { ignoreVary: true });
    if (!kept) return note("not_kept");
    // Marked for static/js/offline.js: "offline, showing the scores as of HH:MM".
    const html = (await kept.text()).replace("<html", `<html data-offline-at="${kept.headers.get("X-Kept-At")}"`);
    return new Response(html, { headers: kept.headers }); // its Content-Security-Policy too
  }
}

async function keep(cache, key, response) {
  if (response.status !== 200 || response.type !== "basic" || response.redirected) return;
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  headers.set("X-Kept-At", String(Date.now()));
  await cache.put(new URL(key, location).pathname, new Response(await response.clone().blob(), { headers }));
}

// A form sent while offline: a round is kept on the phone with its round number, and sent again
// later (also when the answer is slow: the round number makes a resend safe); anything else is
// reported as not saved, and never timed out, since sending it twice could do it twice.
async function post(request, url) {
  if (ACCOUNT.includes(url.pathname)) await caches.delete(PAGES);
  const round = url.pathname.match(ROUND);
  if (!round) {
    return fetch(request).catch(() => note("not_saved", request.referrer));
  }
  const body = await request.clone().text();
  try {
    const response = await soon(request);
    // A gateway's error: the app didn't answer (the proxy's upstream is down or restarting).
    if (![502, 503, 504].includes(response.status)) return response;
    throw new Error(`${response.status}`);
  } catch (error) {
    const number = Number(new URLSearchParams(body).get("number")) || 0;
    await remember({ url: url.pathname, body, game: Number(round[1]), number, at: Date.now() });
    return Response.redirect(`/games/${round[1]}/`, 303);
  }
}

function soon(request) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), PATIENCE);
  return fetch(new Request(request, { signal: stop.signal })).finally(() => clearTimeout(timer));
}

function remember(round) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("scorekeeper", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("rounds", { keyPath: "id", autoIncrement: true });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction("rounds", "readwrite");
      tx.objectStore("rounds").add(round);
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  });
}

// `from`: the page the form was sent from, to go back to (a seat phone has no games of its own).
async function note(which, from = "") {
  const lang = await language();
  const words = NOTES[lang];
  const page = from && new URL(from).origin === self.location.origin ? new URL(from).pathname : "";
  const back = page ? `<a class="button primary" href="${page}">${words.back}</a> ` : "";
  const html = `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${words.title}</title><link rel="stylesheet" href="${FILES[0]}">
<main><p class="banner offline" role="status">${words[which]}</p><p>${back}<a class="button" href="/">${words.home}</a></p></main></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// The language of the newest page kept on the phone (it follows the footer's switch), else the
// first of the phone's languages the app speaks, else English.
async function language() {
  const cache = await caches.open(PAGES);
  let newest = 0;
  let lang = "";
  for (const key of await cache.keys()) {
    const kept = await cache.match(key, { ignoreVary: true });
    const at = Number(kept && kept.headers.get("X-Kept-At")) || 0;
    const found = kept && at >= newest && /<html lang="([\w-]+)"/.exec(await kept.text());
    if (found && NOTES[found[1]]) [newest, lang] = [at, found[1]];
  }
  const phone = (self.navigator.languages || []).map((l) => l.toLowerCase().split("-")[0]);
  return lang || phone.find((l) => NOTES[l]) || "en";
}
