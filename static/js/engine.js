// The scoring engine on the phone, the page's side: a game's pages carry what the phone needs to
// play the next rounds without the server (#phone-engine: the table after the last complete
// round, the names, the open round). The round page starts the engine in a Web Worker once it is
// idle (static/js/engine-worker.js: Pyodide running the server's own engine modules), since it
// scores that page's previews and saves; other pages start it only when asked (the scoreboard,
// for rounds kept on the phone): starting Python is seconds of a phone's CPU. Those pages ask the
// service worker to keep the engine's files instead, so that it can start offline.
// static/js/offline.js asks it for previews, for the board right after a save, and for the
// rounds kept on the phone while offline. Without it (no WebAssembly, Pyodide not installed on
// the server) the pages work as before.
(function () {
  "use strict";
  const carrier = document.getElementById("phone-engine");
  const start = carrier ? JSON.parse(carrier.dataset.engine) : null;
  let ready = false, worker = null, booted = false, asked = 0, settle = null;
  const waiting = new Map();
  const engine = {
    start,
    get ready() { return ready; },
    started: new Promise((resolve) => { settle = resolve; }),
    // A form as posted, by field: the lists of values a URL-encoded body or FormData holds.
    formOf(data) {
      const fields = {};
      for (const [name, value] of new URLSearchParams(data)) {
        if (name !== "csrfmiddlewaretoken") (fields[name] = fields[name] || []).push(String(value));
      }
      return fields;
    },
    // The game played on from the server's last round: its open round, then `rounds`
    // ({number, form}) in order. The answer is games/kinds/phone.py's `play`.
    play(rounds) {
      return engine.boot().then((ok) => {
        if (!ok) throw new Error("the engine is not on this phone");
        return new Promise((resolve, reject) => {
          const id = ++asked;
          waiting.set(id, { resolve, reject });
          worker.postMessage({ id, language: document.documentElement.lang, request: {
            kind: start.kind, names: start.names, base: start.base, rounds: [...start.rounds, ...rounds] } });
        });
      });
    },
    name: (player) => start.names[String(player)] || "",
    // "Ann +5 → 30": a player's line of a round, as the server's preview shows it.
    pills(round) {
      return round.results.map((r) => {
        const pill = document.createElement("span");
        pill.className = "pill";
        pill.textContent = `${engine.name(r.player)} ${r.points_shown} → ${r.total_shown}`;
        return pill;
      });
    },
    // Starts the engine, once; the answer is `started`'s.
    boot() {
      if (!booted) launch();
      booted = true;
      return engine.started;
    },
  };
  const launch = () => {
    if (!start || !start.worker || !window.Worker || !window.WebAssembly) return settle(false);
    try {
      worker = new Worker(start.worker);
    } catch (error) { return settle(false); }
    worker.onmessage = ({ data }) => {
      if ("ready" in data) {
        ready = data.ready;
        if (ready) document.documentElement.dataset.engine = "ready";
        return settle(ready);
      }
      const asker = waiting.get(data.id);
      waiting.delete(data.id);
      if (asker) data.error ? asker.reject(new Error(data.error)) : asker.resolve(data.answer);
    };
    worker.onerror = () => settle(false);
    worker.postMessage({ start: { runtime: start.runtime, bundle: start.bundle } });
  };
  window.phoneEngine = engine;
  if (!start || !window.Worker || !window.WebAssembly) return settle(false);
  const whenIdle = (work) => window.requestIdleCallback
    ? requestIdleCallback(work, { timeout: 5000 }) : setTimeout(work, 2000);
  if (!document.getElementById("round-form")) {
    // Once the page has nothing to do, so that the download never slows a page down.
    whenIdle(() => navigator.serviceWorker && navigator.serviceWorker.ready.then(
      (registration) => registration.active && registration.active.postMessage({ keepEngine: true })));
  } else if (document.documentElement.dataset.offlineAt || !navigator.onLine) {
    engine.boot(); // offline, or a page from the phone's copy: now
  } else {
    whenIdle(() => engine.boot());
  }
})();
