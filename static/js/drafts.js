// A half-entered round kept on this phone until it is saved or discarded: every round form is
// written to localStorage as it changes (by game, round and new/fix) and put back when the page
// opens again, after a reload, a locked phone or "Back to the scores". The server still checks
// and saves everything; a draft is only what the form held.
(function () {
  "use strict";
  let storage;
  try {
    storage = window.localStorage;
    storage.getItem("scorekeeper-draft-check");
  } catch (error) { return; } // storage refused (private mode, a policy): the form works as before
  const PREFIX = "scorekeeper-draft:";
  const KEEP_DAYS = 7;
  const read = (key) => { try { return JSON.parse(storage.getItem(key)); } catch (e) { return null; } };
  const write = (key, draft) => { try { storage.setItem(key, JSON.stringify(draft)); } catch (e) { /* full */ } };
  const keys = () => Array.from({ length: storage.length }, (_, i) => storage.key(i))
    .filter((key) => key && key.startsWith(PREFIX));
  const drop = (test) => keys().forEach((key) => { const d = read(key); if (!d || test(key, d)) storage.removeItem(key); });

  // Drafts nobody came back to for a week go.
  const old = Date.now() - KEEP_DAYS * 24 * 3600 * 1000;
  drop((key, draft) => !(draft.at > old));

  const form = document.getElementById("round-form");
  const scoreboard = location.pathname.match(/^\/games\/(\d+)\/$/);
  if (!form) {
    // The scoreboard after Save (or a round kept offline to send): that round's draft is done.
    if (scoreboard) drop((key, draft) => draft.sent && key.startsWith(`${PREFIX}${scoreboard[1]}:`));
    return;
  }
  const action = (form.getAttribute("action") || "").match(/^\/games\/(\d+)\/rounds\/(new|\d+\/edit)\/$/);
  const numberInput = form.querySelector("input[name=number]");
  if (!action || !numberInput) return;
  const game = action[1];
  const number = Number(numberInput.value);
  const mode = action[2] === "new" ? "new" : "fix";
  const KEY = `${PREFIX}${game}:${mode}:${number}`;
  // Kept on the phone to send (offline.js, offline with the phone's engine): not a draft now.
  form.addEventListener("phone:kept", () => { storage.removeItem(KEY); sending = true; });
  // An earlier new round of this game has been saved (this page is for a later one).
  if (mode === "new") drop((key) => {
    const [g, m, n] = key.slice(PREFIX.length).split(":");
    return g === game && m === "new" && Number(n) < number;
  });

  // --- What the form holds, as [name, value] pairs (the server's page, or as it is now) ---
  const SKIP = new Set(["csrfmiddlewaretoken", "number"]);
  const controls = () => Array.from(form.elements).filter((el) => el.name && !SKIP.has(el.name) &&
    !["submit", "button", "file", "reset"].includes(el.type));
  const state = (asServed) => {
    const pairs = [];
    controls().forEach((el) => {
      if (el.type === "radio" || el.type === "checkbox") {
        if (asServed ? el.defaultChecked : el.checked) pairs.push([el.name, el.value]);
      } else if (el.tagName === "SELECT") {
        const options = Array.from(el.options);
        let chosen = options.filter((o) => (asServed ? o.defaultSelected : o.selected));
        if (asServed && !chosen.length && !el.multiple && options.length) chosen = [options[0]];
        chosen.forEach((o) => pairs.push([el.name, o.value]));
      } else {
        pairs.push([el.name, asServed ? el.defaultValue : el.value]);
      }
    });
    return pairs;
  };
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const served = state(true);
  // A page sent back with errors holds what was typed but not saved: keep it even unchanged.
  const refused = Boolean(form.querySelector(".error, .invalid"));

  // Put the pairs into the form; each control that changes says so (htmx previews the round,
  // the grids and the bids follow).
  const apply = (pairs) => {
    const byName = new Map();
    pairs.forEach(([name, value]) => byName.set(name, [...(byName.get(name) || []), value]));
    const seen = new Map();
    const moved = [];
    controls().forEach((el) => {
      const values = byName.get(el.name) || [];
      let changed = false;
      if (el.type === "radio" || el.type === "checkbox") {
        const checked = values.includes(el.value);
        changed = el.checked !== checked;
        el.checked = checked;
      } else {
        const index = seen.get(el.name) || 0;
        seen.set(el.name, index + 1);
        const value = values[index] === undefined ? "" : values[index];
        changed = el.value !== value;
        el.value = value;
      }
      if (changed) moved.push(el);
    });
    moved.forEach((el) => el.dispatchEvent(new Event("change", { bubbles: true })));
  };

  // --- Keeping ---
  let sending = false; // leaving with the form sent: the draft stays marked as sent
  const keep = () => {
    if (sending) return;
    const now = state(false);
    if (same(now, served) && !refused) return storage.removeItem(KEY);
    write(KEY, { at: Date.now(), values: now });
  };
  ["input", "change", "keypad", "entered"].forEach((type) => form.addEventListener(type, keep));
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") keep(); });
  window.addEventListener("pagehide", keep);
  // Back on this page from the browser's cache (Back after sending): keeping again.
  window.addEventListener("pageshow", (event) => { if (event.persisted) { sending = false; keep(); } });
  // Sent: dropped once the scoreboard shows it saved; a refusal brings the form back with it.
  const sent = () => {
    keep();
    sending = true;
    const draft = read(KEY);
    if (draft) write(KEY, { ...draft, sent: true });
  };
  form.addEventListener("submit", (event) => { if (!event.defaultPrevented) sent(); });
  // Sent by htmx (offline.js sends the form itself instead when htmx can't): the answer is the
  // scoreboard (its address comes with it), or the refusal told in the form's preview.
  const saveButton = (event) => {
    const elt = (event.detail.requestConfig && event.detail.requestConfig.elt) || event.detail.elt;
    return Boolean(elt && elt.matches && elt.matches("[data-save]"));
  };
  document.addEventListener("htmx:beforeRequest", (event) => { if (saveButton(event)) sent(); });
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!saveButton(event) || !event.detail.shouldSwap) return;
    if (event.detail.xhr.getResponseHeader("HX-Replace-Url")) return storage.removeItem(KEY);
    sending = false;
    const draft = read(KEY);
    if (draft) write(KEY, { ...draft, sent: false });
  });

  // --- Putting a draft back, with a way to throw it away ---
  const draft = read(KEY);
  const hhmm = (t) => new Date(t).toTimeString().slice(0, 5);
  let banner = null;
  const discard = () => {
    storage.removeItem(KEY);
    apply(served);
    if (banner) banner.remove();
    form.dispatchEvent(new Event("keypad", { bubbles: true }));
  };
  if (draft && Array.isArray(draft.values) && !same(draft.values, served)) {
    banner = document.createElement("div");
    banner.className = "banner draft";
    banner.setAttribute("role", "status");
    const text = document.createElement("p");
    text.textContent = say("Round %(number)s as you left it on this phone at %(time)s; not saved yet.",
      { number, time: hhmm(draft.at) });
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button";
    button.textContent = say("Discard it");
    button.addEventListener("click", discard);
    banner.append(text, button);
    form.before(banner);
    apply(draft.values); // after the banner is in: a grid brings its next card into view
  }
  keep(); // as the form now is: a draft put back (no longer sent), or nothing to keep
})();
