// Offline: registers the service worker (/sw.js), marks a page shown from the phone's copy,
// lists the rounds kept on the phone and sends each once the connection is back. The server's
// round-number guard decides saved, already saved or saved by someone else: no second round.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.indexedDB) return;
  navigator.serviceWorker.register("/sw.js").catch(() => {});
  // A page that was still loading when the worker took over (the log-in's redirect) can miss
  // its claim and stay uncontrolled until the next page: it asks to be claimed.
  navigator.serviceWorker.ready.then((reg) => {
    if (!navigator.serviceWorker.controller && reg.active) reg.active.postMessage({ claim: true });
  });

  const root = document.documentElement;
  const main = document.getElementById("main");
  const where = location.pathname.match(/^\/games\/(\d+)\/(rounds\/new\/)?$/);
  const game = where && Number(where[1]);
  const roundPage = Boolean(where && where[2]);
  const copy = Boolean(root.dataset.offlineAt); // the service worker served the kept copy
  let seen = copy ? Number(root.dataset.offlineAt) : Date.now();
  const hhmm = (t) => new Date(t).toTimeString().slice(0, 5);
  const make = (tag, className, text) => {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text) el.textContent = text;
    return el;
  };

  // --- The rounds kept on the phone (the service worker adds them) ---
  const store = (mode, work) => new Promise((resolve, reject) => {
    const open = indexedDB.open("scorekeeper", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("rounds", { keyPath: "id", autoIncrement: true });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction("rounds", mode);
      const result = work(tx.objectStore("rounds"));
      tx.oncomplete = () => { open.result.close(); resolve(result && result.result); };
      tx.onerror = () => reject(tx.error);
    };
  });
  const kept = () => store("readonly", (s) => s.getAll()).then((all) => all || []);
  const update = (round) => store("readwrite", (s) => s.put(round));
  const forget = (round) => store("readwrite", (s) => s.delete(round.id));

  // --- "Offline, showing the scores as of HH:MM" ---
  let banner = null, guarded = false;
  const offline = () => {
    if (guarded) return; // the round page's own note says it all
    if (!banner) banner = main.insertBefore(make("p", "banner offline", ""), main.firstChild);
    banner.setAttribute("role", "status");
    banner.textContent = roundPage
      ? say("Offline: a round you save is kept on this phone and sent when the connection is back.")
      : say("Offline, showing the scores as of %(time)s.", { time: hhmm(seen) });
  };
  if (copy || !navigator.onLine) offline();
  if (copy) document.querySelectorAll(".messages").forEach((m) => m.remove()); // old news
  const tell = (text) => main.insertBefore(make("p", "banner", text), main.firstChild).setAttribute("role", "status");
  const note = sessionStorage.getItem("scorekeeper-note"); // left for the page after a reload
  if (note) { sessionStorage.removeItem("scorekeeper-note"); tell(note); }

  // No polls or previews while offline; the preview needs the server's scoring.
  const preview = document.getElementById("preview");
  const noPreview = () => {
    if (preview) preview.replaceChildren(make("strong", "", say("Offline: no score preview.") + " "),
      make("span", "", say("The scores show once the phone is back online.")));
  };
  if (roundPage && (copy || !navigator.onLine)) noPreview();
  // A save is sent by htmx; offline, or with no answer in time, the form is sent itself, and
  // the service worker keeps the round on the phone (a resend is safe: the round number).
  // The element that sent a request (a swap's events name its target as `elt`).
  const sender = (event) => (event.detail.requestConfig && event.detail.requestConfig.elt) || event.detail.elt;
  const isSave = (elt) => Boolean(elt && elt.matches && elt.matches("[data-save]"));
  let sentItself = false;
  const sendItself = (button) => {
    if (sentItself) return;
    sentItself = true;
    button.disabled = false; // a disabled button's name and value would not be sent
    button.form.requestSubmit(button);
  };
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (navigator.onLine) return;
    event.preventDefault();
    if (isSave(sender(event))) sendItself(sender(event));
    if (event.detail.elt.id === "round-form") noPreview();
  });
  ["htmx:sendError", "htmx:timeout"].forEach((type) => document.addEventListener(type, (event) => {
    if (isSave(sender(event))) sendItself(sender(event));
    if (event.detail.elt.id === "round-form") noPreview();
  }));
  // A gateway's error: the app didn't answer (its proxy's upstream is down or restarting).
  document.addEventListener("htmx:responseError", (event) => {
    if (isSave(sender(event)) && [502, 503, 504].includes(event.detail.xhr.status)) {
      sendItself(sender(event));
    }
  });
  // Saved: the phone keeps the new board (and the next round's page) for when it is offline.
  document.addEventListener("htmx:afterSettle", (event) => {
    const board = event.detail.xhr && event.detail.xhr.getResponseHeader("HX-Replace-Url");
    if (!board || !navigator.onLine) return;
    const next = document.querySelector('a[href$="/rounds/new/"]');
    keepPages([board, ...(next ? [next.href] : [])]);
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.successful) seen = Date.now();
  });

  // --- The waiting rounds, shown on the scoreboard (and guarding the round page) ---
  const scoreboard = document.getElementById("scoreboard");
  const panel = make("section", "card waiting", "");
  panel.setAttribute("aria-live", "polite");
  const show = async () => {
    const all = await kept();
    const mine = all.filter((r) => r.game === game);
    panel.replaceChildren();
    if (!game && all.length) return elsewhere(all);
    if (!mine.length) return panel.remove();
    if (roundPage) return guard(mine);
    if (!scoreboard) return;
    panel.removeAttribute("role");
    if (!panel.isConnected) scoreboard.before(panel);
    panel.append(make("h2", "", say("On this phone")));
    mine.forEach((r) => panel.append(item(r)));
  };
  const item = (r) => {
    const li = make("div", "stack", "");
    if (!r.conflict && !r.refused) {
      li.append(make("p", "", say("Round %(number)s: waiting to send", { number: r.number }) + (r.problem ? ` (${r.problem})` : "")));
      li.lastChild.append(make("span", "muted", " " + say("(saved here at %(time)s)", { time: hhmm(r.at) })));
      return li;
    }
    li.append(make("p", "error", r.conflict || say("Round %(number)s: %(message)s", { number: r.number, message: r.refused })));
    // Theirs: the table's row for that round, when there is one (its number is #round-N).
    const theirs = r.conflict && document.querySelector(`#scoreboard #round-${r.number}`);
    if (theirs) li.append(make("p", "", say("Theirs is round %(number)s in the table.", { number: r.number })));
    const yours = make("p", "", say("Yours: …"));
    li.append(yours);
    showYours(r, yours);
    const buttons = make("div", "row", "");
    if (theirs) {
      buttons.append(button(say("Keep theirs"), () => forget(r)),
        button(say("Replace it with mine"), () => replace(r)));
    } else {
      buttons.append(button(say("Discard mine"), () => forget(r)));
    }
    li.append(buttons);
    return li;
  };
  const button = (text, act) => {
    const b = make("button", "button", text);
    b.type = "button";
    b.addEventListener("click", async () => { b.disabled = true; await act(); await show(); });
    return b;
  };
  const elsewhere = (all) => {
    const problem = all.map((r) => r.problem || r.conflict || r.refused).find(Boolean);
    panel.className = "banner offline";
    panel.setAttribute("role", "status");
    panel.textContent = (all.length === 1 ? say("A round is kept on this phone, waiting to send")
      : say("%(count)s rounds are kept on this phone, waiting to send", { count: all.length })) +
      (problem ? `: ${problem}.` : ".");
    if (!panel.isConnected) main.insertBefore(panel, main.firstChild);
  };
  const guard = (mine) => {
    const form = document.getElementById("round-form");
    if (!form || !mine.length) return;
    guarded = true;
    if (banner) { banner.remove(); banner = null; }
    panel.className = "banner offline";
    panel.setAttribute("role", "status");
    panel.textContent = say("Round %(number)s is kept on this phone, waiting to send.", { number: mine[0].number }) +
      " " + say("Enter the next round once it is sent: the next deal needs the server.");
    if (!panel.isConnected) form.before(panel);
    form.querySelectorAll("[type=submit]").forEach((b) => { b.disabled = true; });
  };

  // "Yours" is scored by the server's preview (the one scoring engine), from the kept form.
  const showYours = async (r, target) => {
    if (!navigator.onLine) return target.replaceChildren(say("Yours: shown once the phone is online."));
    try {
      const response = await fetch(`/games/${r.game}/rounds/preview/`, { method: "POST", body: withToken(r.body) });
      const part = parse(await response.text()).getElementById("preview");
      const pills = part ? part.querySelectorAll(".pill") : [];
      target.replaceChildren(make("strong", "", say("Yours, saved here at %(time)s:", { time: hhmm(r.at) }) + " "),
        ...(pills.length ? Array.from(pills).flatMap((p) => [p, " "]) : [part ? part.textContent.trim() : ""]));
    } catch (error) { /* still offline: the placeholder stays */ }
  };
  const parse = (html) => new DOMParser().parseFromString(html, "text/html");
  // The kept form's CSRF token may be old (signing in changes it): the cookie's is current, and
  // so is the page's own (htmx's header) when the cookie can't be read.
  const withToken = (body) => {
    const form = new URLSearchParams(body);
    const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    let token = cookie && cookie.slice(10);
    try { token = token || JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { /* none */ }
    if (token) form.set("csrfmiddlewaretoken", token);
    return form;
  };

  // --- Sending: each kept round once, in the order it was saved ---
  const post = async (url, r) => {
    const response = await fetch(url, { method: "POST", body: withToken(r.body) });
    const page = parse(await response.text());
    const at = new URL(response.url).pathname;
    if (response.status === 403 || at.startsWith("/accounts/login/")) {
      return { problem: "sign in again on this phone to send it" };
    }
    if (response.status === 404) return { problem: "the account signed in here has no such game: sign in as its owner" };
    if (!response.ok) return { problem: `the server answered ${response.status}; trying again` };
    if (at !== `/games/${r.game}/`) {
      const why = Array.from(page.querySelectorAll(".error")).map((e) => e.textContent.trim()).join(" ");
      return { refused: `not saved: ${why || "the server refused it"}` };
    }
    const error = page.querySelector(".message.error");
    return error ? { conflict: error.textContent.trim() } : { saved: true };
  };
  const sendAll = async () => {
    let reached = false, sent = 0, saved = 0; // sent: of this page's game
    for (const r of (await kept()).sort((a, b) => a.id - b.id)) {
      if (r.conflict || r.refused || !navigator.onLine) continue;
      let outcome;
      try { outcome = await post(r.url, r); } catch (error) { break; } // no connection after all
      reached = true;
      if (outcome.saved) { await forget(r); sent += r.game === game; saved += 1; } else { await update({ ...r, ...outcome }); }
    }
    return { reached, sent, saved };
  };
  const replace = async (r) => {
    const outcome = await post(`/games/${r.game}/rounds/${r.number}/edit/`, r);
    if (!outcome.saved) {
      const why = outcome.problem || outcome.refused || outcome.conflict;
      return update({ ...r, conflict: `${r.conflict.split(" Replacing")[0]} Replacing it didn't work: ${why}.` });
    }
    await forget(r);
    sessionStorage.setItem("scorekeeper-note", say("Round %(number)s is now yours; theirs is kept among the round's earlier versions.", { number: r.number }));
    location.reload();
  };
  let busy = false;
  // back: the "online" event. A kept copy is swapped for the server's page only once the server
  // answers, so a phone that says it is online but isn't doesn't reload in a loop.
  const send = async (back) => {
    if (busy || !navigator.onLine) return;
    busy = true;
    try {
      const run = () => sendAll();
      const { reached, sent, saved } = navigator.locks ? await navigator.locks.request("scorekeeper-send", run) : await run();
      const news = saved === 1 ? say("The round kept on this phone is sent and saved.")
        : say("%(count)s rounds kept on this phone are sent and saved.", { count: saved });
      if (sent || (copy && (reached || back === true))) {
        if (saved) sessionStorage.setItem("scorekeeper-note", news);
        return location.reload();
      }
      if (saved) tell(news);
    } finally { busy = false; }
    await show();
  };

  // Keep this game's pages on the phone: the round page, and both again when the scores change.
  const keepPages = (urls) => navigator.serviceWorker.ready.then((reg) => reg.active && reg.active.postMessage({ keep: urls }));
  const roundLink = document.querySelector('a[href$="/rounds/new/"]');
  if (where && !roundPage && !copy && navigator.onLine) {
    keepPages([...(navigator.serviceWorker.controller ? [] : [location.pathname]), ...(roundLink ? [roundLink.href] : [])]);
    // Only when the scores changed (the poll's version, its ETag): a poll's answer swaps in
    // the board and each part out of band, every few seconds, most often all as they were.
    let keptVersion = null;
    document.addEventListener("htmx:afterSwap", (event) => {
      const version = event.detail.xhr && event.detail.xhr.getResponseHeader("ETag");
      if (event.detail.target.id !== "scoreboard" || !version || version === keptVersion) return;
      keptVersion = version;
      keepPages([location.pathname, ...(roundLink ? [roundLink.href] : [])]);
    });
  }

  window.addEventListener("offline", offline);
  window.addEventListener("online", () => {
    if (banner && !copy) { banner.remove(); banner = null; }
    if (preview && !copy && window.htmx) window.htmx.trigger("#round-form", "keypad");
    send(true);
  });
  show().then(() => send());
  setInterval(() => send(), 30000); // "online" can come before the connection really works
})();
