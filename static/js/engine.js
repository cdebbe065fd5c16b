// The scoring engine on the phone, the page's side: a game's pages carry what the phone needs to
// play the next rounds without the server (#phone-engine: the table after the last complete
// round, the names, the open round), and once the page is idle this starts the engine in a Web
// Worker (static/js/engine-worker.js: Pyodide running the server's own engine modules).
// static/js/offline.js asks it for previews, for the board right after a save, and for the
// rounds kept on the phone while offline. Without it (no WebAssembly, Pyodide not installed on
// the server) the pages work as before.
(function () {
  "use strict";
  const carrier = document.getElementById("phone-engine");
  const start = carrier ? JSON.parse(carrier.dataset.engine) : null;
  let ready = false, worker = null, asked = 0, settle = null;
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
      return engine.started.then((ok) => {
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
    boot() {
      if (worker || !start || !start.worker) return settle(false);
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
    },
  };
  window.phoneEngine = engine;
  if (!start || !window.Worker || !window.WebAssembly) return settle(false);
  // Offline, or a page from the phone's copy: now. Otherwise once the page has nothing to do, so
  // that the runtime's download never slows a page down.
  if (document.documentElement.dataset.offlineAt || !navigator.onLine) engine.boot();
  else if (window.requestIdleCallback) requestIdleCallback(() => engine.boot(), { timeout: 5000 });
  else setTimeout(() => engine.boot(), 2000);
})();
