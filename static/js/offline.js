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

  const none = Promise.resolve(false);
  const engine = window.phoneEngine || { ready: false, started: none, boot: () => none, start: null };

  // --- "Offline, showing the scores as of HH:MM" ---
  let banner = null, guarded = false;
  const offline = () => {
    if (guarded) return; // the round page's own note says it all
    if (!banner) banner = main.insertBefore(make("p", "banner offline", ""), main.firstChild);
    banner.setAttribute("role", "status");
    banner.textContent = roundPage && engine.ready
      ? say("Offline: this round is scored on this phone and sent with the others when the connection is back.")
      : roundPage
      ? say("Offline: a round you save is kept on this phone and sent when the connection is back.")
      : say("Offline, showing the scores as of %(time)s.", { time: hhmm(seen) });
  };
  if (copy || !navigator.onLine) offline();
  if (copy) document.querySelectorAll(".messages").forEach((m) => m.remove()); // old news
  const tell = (text) => {
    const here = document.getElementById("main"); // a save answered by htmx replaced it
    here.insertBefore(make("p", "banner", text), here.firstChild).setAttribute("role", "status");
  };
  const note = sessionStorage.getItem("scorekeeper-note"); // left for the page after a reload
  if (note) { sessionStorage.removeItem("scorekeeper-note"); tell(note); }

  // The preview: scored on the phone once its engine runs (static/js/engine.js), online too;
  // without it, none while offline (it needs the server's scoring).
  const form = document.getElementById("round-form");
  // Looked up each time: a refused save's answer replaces it.
  const preview = () => document.getElementById("preview");
  const noPreview = () => {
    if (engine.ready) return phonePreview();
    if (preview()) preview().replaceChildren(make("strong", "", say("Offline: no score preview.") + " "),
      make("span", "", say("The scores show once the phone is back online.")));
  };
  if (roundPage && (copy || !navigator.onLine)) noPreview();
  // The engine may come after the page: offline, its preview replaces "no preview" at once.
  engine.started.then((ok) => { if (ok && roundPage && (copy || !navigator.onLine)) { offline(); noPreview(); } });
  // The rounds of this game kept on the phone, waiting to send, as the engine plays them.
  let waitingRounds = [];
  const keptForms = () => waitingRounds.filter((r) => !r.conflict && !r.refused)
    .map((r) => ({ number: r.number, form: engine.formOf(r.body) }));
  const thisForm = () => ({ number: Number(form.elements.number.value), form: engine.formOf(new FormData(form)) });
  let lastPlay = null; // the form's body and the engine's answer, for an instant save
  const phonePreview = async () => {
    const shown = preview();
    if (!form || !shown) return;
    const round = thisForm(), body = JSON.stringify(round.form);
    const answer = await engine.play([...keptForms(), round]);
    lastPlay = { body, answer };
    const mine = answer.rounds.find((r) => r.number === round.number);
    const error = answer.error;
    const parts = [];
    if (mine && !error) {
      parts.push(make("strong", "", say("This round:") + " "), ...engine.pills(mine).flatMap((p) => [p, " "]));
      if (mine.status === "open") {
        parts.push(make("span", "muted", say("The bids are fine: save them now, or enter the result of the hand too and save once.")));
      }
    } else if (answer.hands.length) {
      parts.push(make("strong", "", say("Hands:") + " "));
      answer.hands.forEach((h) => parts.push(make("span", "pill", `${engine.name(h.player)} ${h.score}`), " "));
      parts.push(make("span", "muted", answer.hands.length === answer.active.length
        ? say("Now tap who went out to see the round's scores.") : say("Each grid is scored as soon as its six cards are in.")));
    } else if (error && error.incomplete) {
      parts.push(make("span", "muted", say("Fill in every player's hand to see the scores.")));
    } else if (error) {
      parts.push(make("span", "muted", error.message));
    }
    // Answered meanwhile: the board replaced the form, or a refused save's reason the preview;
    // this older form's score must not cover it.
    if (preview() !== shown) return;
    shown.replaceChildren(...parts);
    // A game that scores each hand on its own: each full hand's score beside it, its marked cells.
    document.querySelectorAll(".grid-tally").forEach((t) => {
      const hand = answer.hands.find((h) => t.id === `grid-tally-${h.player}`);
      t.textContent = hand ? hand.score : "";
    });
    const marks = document.getElementById("grid-marks") || form.appendChild(make("div", "", ""));
    marks.id = "grid-marks";
    marks.hidden = true;
    marks.dataset.block = answer.hands.flatMap((h) => h.block).join(" ");
    marks.dataset.cancel = answer.hands.flatMap((h) => h.cancel).join(" ");
    document.dispatchEvent(new CustomEvent("phone:preview"));
  };
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
    const saving = isSave(sender(event));
    if (!saving && event.detail.elt.id === "round-form" && engine.ready && engine.start) {
      event.preventDefault(); // the preview, scored here: no request
      return phonePreview();
    }
    if (navigator.onLine) {
      if (saving && engine.ready && engine.start) instantBoard(sender(event));
      return;
    }
    event.preventDefault();
    if (saving && engine.ready && engine.start) return keepHere(sender(event));
    if (saving) sendItself(sender(event));
    if (event.detail.elt.id === "round-form") noPreview();
  });

  // Saved with no connection, the engine on the phone: the round is kept to send (as the
  // service worker keeps a form sent itself), the board as the phone scores it takes the form's
  // place, and the next round is one tap away, on this page: no page to load, no engine to start.
  let keeping = false; // this round is being kept (htmx says a timeout, then its request failed)
  const keepHere = async (button) => {
    if (keeping) return;
    keeping = true;
    if (shownBoard) { shownBoard.remove(); shownBoard = null; } // the instant board, if it came
    const data = new FormData(form);
    if (button.name) data.append(button.name, button.value);
    const number = Number(form.elements.number.value);
    await store("readwrite", (s) => s.add({ url: new URL(form.action, location).pathname,
      body: new URLSearchParams(data).toString(), game, number, at: Date.now() }));
    form.dispatchEvent(new Event("phone:kept")); // its draft is done (drafts.js)
    waitingRounds = (await kept()).filter((r) => r.game === game).sort((a, b) => a.id - b.id);
    const answer = await engine.play(keptForms());
    const board = phoneBoard(answer, say("On this phone, not yet sent"), sentBefore());
    board.id = "phone-board";
    if (answer.error) board.append(make("p", "error", say("Round %(number)s: %(message)s", answer.error)));
    const buttons = make("div", "row", "");
    if (!answer.finished && !answer.error) {
      const next = make("button", "button primary big", nextRound(answer));
      next.type = "button";
      next.addEventListener("click", () => {
        keeping = false;
        board.remove();
        form.reset();
        form.hidden = false;
        goOn(answer);
        window.scrollTo(0, 0);
      });
      buttons.append(next);
    }
    const back = make("a", "button", say("Back to the scores"));
    back.href = `/games/${game}/`;
    buttons.append(back);
    board.append(buttons);
    button.disabled = false;
    form.hidden = true;
    form.before(board);
    window.scrollTo(0, 0);
    sessionStorage.setItem("scorekeeper-phone-totals", JSON.stringify(totalsOf(answer)));
  };
  // The last round the server has (the phone's rounds come after it).
  const sentBefore = () => engine.start.rounds.length ? engine.start.rounds[0].number - 1 : engine.start.base.played;

  // Save: the new totals at once, scored on the phone, until the server's board replaces them.
  let shownBoard = null, answered = false;
  const instantBoard = async (button) => {
    answered = false;
    if (button.name === "thrown_in") return;
    await null; // drawn once htmx has sent the save, not before
    const body = JSON.stringify(thisForm().form);
    const answer = lastPlay && lastPlay.body === body ? lastPlay.answer : await engine.play([...keptForms(), thisForm()]);
    if (answer.error || answered) return; // refused, or the server was quicker
    shownBoard = phoneBoard(answer, say("Scored on this phone; saving…"));
    shownBoard.id = "phone-board";
    form.before(shownBoard);
    form.hidden = true;
    sessionStorage.setItem("scorekeeper-phone-totals", JSON.stringify(totalsOf(answer)));
  };
  const totalsOf = (answer) => ({ game, played: answer.rounds.length ? answer.rounds[answer.rounds.length - 1].number : 0,
    totals: Object.fromEntries(answer.standings.map((s) => [String(s.player), s.total])) });
  // The board as the phone scored it: each of its own rounds, and the totals with the leader.
  const phoneBoard = (answer, heading, from = 0) => {
    const board = make("section", "card phone-board", "");
    board.setAttribute("role", "status");
    board.append(make("h2", "", heading));
    answer.rounds.filter((r) => r.number > from).forEach((round) => {
      const line = make("p", "", "");
      if (round.status === "open") line.append(say("Round %(number)s: the bids are saved.", { number: round.number }));
      else line.append(make("strong", "", say("Round %(number)s:", { number: round.number }) + " "),
        ...engine.pills(round).flatMap((p) => [p, " "]), ...round.notes.map((n) => make("span", "muted", n + " ")));
      board.append(line);
    });
    const totals = make("p", "phone-totals", "");
    totals.append(make("strong", "", say("Totals:") + " "));
    answer.standings.forEach((s) => totals.append(make("span", "pill" + (s.rank === 1 ? " lead" : ""),
      `${engine.name(s.player)} ${s.total_shown}`), " "));
    board.append(totals);
    if (answer.finished) {
      board.append(make("p", "banner", say("Winner on this phone: %(names)s", { names: answer.winners.map(engine.name).join(" & ") })));
    }
    return board;
  };
  // A save refused (its reason replaces the preview): the form comes back as it was typed.
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!isSave(sender(event))) return;
    answered = true;
    if (!shownBoard) return;
    if (!event.detail.successful || form.isConnected) {
      shownBoard.remove();
      shownBoard = null;
      form.hidden = false;
    }
  });
  ["htmx:sendError", "htmx:timeout"].forEach((type) => document.addEventListener(type, (event) => {
    if (isSave(sender(event)) && engine.ready && engine.start) keepHere(sender(event));
    else if (isSave(sender(event))) sendItself(sender(event));
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
    const mine = waitingRounds = all.filter((r) => r.game === game).sort((a, b) => a.id - b.id);
    panel.replaceChildren();
    if (!game && all.length) return elsewhere(all);
    if (!mine.length) return panel.remove();
    // The engine may take a while to start: nothing waits for it (sending the rounds least of all).
    if (roundPage) {
      guard(mine, !engine.start); // until the engine, if this phone has it, deals the next round
      engine.started.then(async (ok) => (ok ? goOn(await engine.play(keptForms())) : guard(mine, true)));
      return;
    }
    if (!scoreboard) return;
    panel.removeAttribute("role");
    if (!panel.isConnected) scoreboard.before(panel);
    panel.append(make("h2", "", say("On this phone")));
    mine.forEach((r) => panel.append(item(r)));
    const asked = ++showing; // a later show() draws the panel again: only its board is added
    engine.boot().then(async (ok) => {
      const board = ok && (await scoredHere());
      if (board && asked === showing && panel.isConnected) panel.append(board);
    });
  };
  let showing = 0;
  // The rounds waiting to send, scored on the phone: the board as it will be once they are sent.
  const scoredHere = async () => {
    const answer = await engine.play(keptForms());
    const board = phoneBoard(answer, say("On this phone, not yet sent"), sentBefore());
    if (answer.error) board.append(make("p", "error", say("Round %(number)s: %(message)s", answer.error)));
    actionsFor(answer);
    sessionStorage.setItem("scorekeeper-phone-totals", JSON.stringify(totalsOf(answer)));
    return board;
  };
  const nextRound = (answer) => answer.open ? say("Finish round %(number)s", { number: answer.next_number })
    : say("Enter round %(number)s", { number: answer.next_number });
  // The scoreboard's "Enter round N" follows the rounds played on the phone.
  const actionsFor = (answer) => {
    const enter = document.querySelector('#actions a[href$="/rounds/new/"]');
    if (answer.finished && enter) enter.hidden = true;
    else if (enter) enter.textContent = nextRound(answer);
  };
  // The round page, offline with rounds waiting: the round after them, as the phone's engine
  // deals it (its number, its dealer, who is still in); the save is kept with the others.
  const goOn = (answer) => {
    if (!form || answer.finished || answer.error) return;
    guarded = false;
    form.querySelectorAll("[type=submit]").forEach((b) => { b.disabled = false; });
    const number = answer.next_number;
    form.elements.number.value = String(number);
    const heading = document.querySelector("main h1");
    if (heading && heading.firstChild) heading.firstChild.textContent = say("Round %(number)s", { number }) + " ";
    document.title = say("Round %(number)s", { number }) + document.title.replace(/^[^·]*/, " ");
    const dealer = answer.open ? answer.open.dealer : answer.next_dealer;
    const deals = form.querySelector("[data-dealer]");
    if (deals) deals.textContent = say("%(name)s deals.", { name: engine.name(dealer) });
    form.querySelectorAll("[data-save]:not([name])").forEach((b) => { b.textContent = say("Save round %(number)s", { number }); });
    // Who is out sits this round out: their inputs are neither shown nor sent.
    const dealerPill = form.querySelector("[data-player] h2 .pill");
    // Where the pill sits: in the heading, or in the name's own span within it.
    const pillHolder = dealerPill && (dealerPill.parentElement.matches("h2") ? "h2" : "h2 > span:not(.pill)");
    form.querySelectorAll("[data-player]").forEach((hand) => {
      const out = !answer.active.includes(Number(hand.dataset.player));
      hand.hidden = out;
      hand.querySelectorAll("input, select, textarea").forEach((i) => { i.disabled = out; });
      if (dealerPill && Number(hand.dataset.player) === dealer) {
        (hand.querySelector(pillHolder) || hand.querySelector("h2")).append(dealerPill);
      }
    });
    // A round opened on this phone (its bids saved alone) is finished from what was kept.
    const opened = answer.open && waitingRounds.filter((r) => r.number === answer.open.number).pop();
    if (opened) fill(new URLSearchParams(opened.body));
    panel.remove();
    if (copy || !navigator.onLine) offline();
    // Each game's script follows: a hand's input changed (its keypad goes to the first empty
    // one), and the deal (a game whose page follows the dealer puts the hands in order).
    document.dispatchEvent(new CustomEvent("phone:dealt", { detail: { dealer, name: engine.name(dealer) } }));
    const first = form.querySelector("[data-player]:not([hidden]) select, [data-player]:not([hidden]) input");
    if (first) first.dispatchEvent(new Event("change", { bubbles: true }));
    phonePreview();
  };
  const fill = (data) => {
    for (const element of form.elements) {
      if (!element.name || element.name === "csrfmiddlewaretoken" || element.name === "number") continue;
      const values = data.getAll(element.name);
      if (element.type === "radio" || element.type === "checkbox") element.checked = values.includes(element.value);
      else if (values.length) element.value = values[0];
    }
  };
  // After a save or after the kept rounds were sent: if the server scored them otherwise than
  // the phone did (the phone's copy of the rules was older), the board is the server's and says so.
  const compareWithServer = () => {
    const board = document.getElementById("scoreboard");
    const phone = JSON.parse(sessionStorage.getItem("scorekeeper-phone-totals") || "null");
    if (!board || !phone || phone.game !== game || Number(board.dataset.played) !== phone.played) return;
    sessionStorage.removeItem("scorekeeper-phone-totals");
    if (document.querySelector("#main .message.error")) return; // not saved: someone else's round
    const server = JSON.parse(board.dataset.totals || "{}");
    if (Object.keys(phone.totals).some((p) => server[p] !== phone.totals[p])) {
      tell(say("The server scored round %(number)s otherwise than this phone did: the board shows the server's scores.", { number: phone.played }));
    }
  };
  if (!copy) compareWithServer();
  document.addEventListener("htmx:afterSettle", compareWithServer);
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
  // why: whether to say that the next deal needs the server (not while the engine may deal it).
  const guard = (mine, why) => {
    if (!form || !mine.length) return;
    guarded = true;
    if (banner) { banner.remove(); banner = null; }
    panel.className = "banner offline";
    panel.setAttribute("role", "status");
    panel.textContent = say("Round %(number)s is kept on this phone, waiting to send.", { number: mine[0].number }) +
      (why ? " " + say("Enter the next round once it is sent: the next deal needs the server.") : "");
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
  // saved: the rounds saved, each counted once (a round's bids and its tricks are two saves).
  const sendAll = async () => {
    let reached = false, sent = 0; // sent: of this page's game
    const saved = new Set();
    for (const r of (await kept()).sort((a, b) => a.id - b.id)) {
      if (r.conflict || r.refused || !navigator.onLine) continue;
      let outcome;
      try { outcome = await post(r.url, r); } catch (error) { break; } // no connection after all
      reached = true;
      if (outcome.saved) {
        await forget(r);
        sent += r.game === game;
        saved.add(`${r.game} ${r.number}`);
      } else { await update({ ...r, ...outcome }); }
    }
    return { reached, sent, saved: saved.size };
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
    if (preview() && !copy && window.htmx) window.htmx.trigger("#round-form", "keypad");
    send(true);
  });
  show().then(() => send());
  setInterval(() => send(), 30000); // "online" can come before the connection really works
})();
