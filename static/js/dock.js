// The keypad dock of the round forms (templates/games/rounds/keypad_dock.html), for any game's
// script that asks for it: one keypad kept at the bottom of the screen that follows the input
// being entered, which is outlined (its hand framed) and kept in view above it; tapping an
// input's box brings the keypad to it. The game's script says what a key does to the input and
// where it goes next. Without JavaScript the dock stays hidden and each input is a plain list
// or text box.
(function () {
  "use strict";
  const GAP = 8; // px kept clear around the input in view

  // cells: the inputs, in the order they are entered. key(cell, value): what a key does (the
  // keys' data-value; "" for the clear key). where(cell): the line that says where the keypad is
  // (the input's label by default). toggle(cell, value) and pressed(cell, value): what a toggle
  // key does, and whether it is on for the input. then: what comes after the inputs, kept in view
  // once they are all in (who went out, say). next(cell): the input whose keys are shown beside
  // this one's, when the dock has a second set (the next hand): a tap on one of them goes on to
  // it, so a new hand costs no tap of its own. The two sets take turns, so that the keys a hand
  // is entered on keep meaning that hand until it is left.
  window.keypadDock = function ({ cells, key, where, toggle, pressed, then, next }) {
    const form = document.getElementById("round-form");
    const dock = form && form.querySelector("[data-dock]");
    if (!dock || !cells.length) return null;
    const sets = Array.from(dock.querySelectorAll("[data-keys]")).map((box) => ({
      box,
      whereLine: box.querySelector("[data-dock-where]"),
      keys: Array.from(box.querySelectorAll("button[data-value]")),
      cell: null,
    }));
    const clear = dock.querySelector("button[data-clear]");
    const toggles = Array.from(dock.querySelectorAll("button[data-toggle]"));
    const showPressed = () => toggles.forEach((button) => {
      button.setAttribute("aria-pressed", String(Boolean(current && pressed(current, button.dataset.toggle))));
    });
    const label = (cell) => {
      const tag = document.querySelector(`label[for="${cell.id}"]`);
      return tag ? tag.textContent.trim() : "";
    };
    const whereOf = (cell) => (where ? where(cell) : label(cell));
    const hand = (cell) => cell.closest("[data-hand]");
    let current = null;
    let active = 0; // the set of keys that go to the input being entered
    dock.classList.toggle("paired", sets.length > 1);

    // A set's keys for its input: a list's choices the page has turned off (the dealer's
    // forbidden bid) are turned off too; the other set's keys name the input they go to.
    // A set with no input (after the last hand) keeps its place: the keys never move under a
    // thumb on its way to Save.
    const fit = (set) => {
      const cell = set.cell;
      set.box.classList.toggle("unused", !cell);
      set.box.classList.toggle("current", Boolean(cell) && cell === current);
      if (!cell) return;
      set.whereLine.textContent = whereOf(cell);
      set.keys.forEach((button) => {
        const option = cell.tagName === "SELECT" &&
          Array.from(cell.options).find((o) => o.value === button.dataset.value);
        button.disabled = Boolean(option && option.disabled);
        if (cell === current) button.removeAttribute("aria-label");
        else button.setAttribute("aria-label", `${whereOf(cell)} ${button.textContent}`);
      });
    };

    const show = (cell) => {
      if (current) current.classList.remove("selected");
      document.querySelectorAll("[data-hand].current").forEach((h) => h.classList.remove("current"));
      current = cell;
      form.classList.toggle("dock-on", Boolean(cell));
      dock.hidden = !cell;
      if (!cell) return;
      cell.classList.add("selected");
      if (hand(cell)) hand(cell).classList.add("current");
      sets[active].cell = cell;
      if (sets.length > 1) sets[1 - active].cell = next ? next(cell) : null;
      sets.forEach(fit);
      showPressed();
    };

    // Scroll as little as needed for the input's hand (or at least the input) to show between
    // the top of the screen and the keypad.
    const bring = (cell) => {
      const bottom = window.innerHeight - dock.offsetHeight - GAP;
      const box = cell.getBoundingClientRect();
      const around = hand(cell) ? hand(cell).getBoundingClientRect() : box;
      let by = 0;
      if (around.bottom > bottom) by = around.bottom - bottom;
      if (around.top - by < GAP) by = around.top - GAP;
      if (box.bottom - by > bottom) by = box.bottom - bottom;
      if (box.top - by < GAP) by = box.top - GAP;
      if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: "instant" });
    };

    // Everything in: the keypad goes, and the scores and Save come into view (and what comes
    // after the inputs stays in view).
    const done = () => {
      show(null);
      const save = form.querySelector("button[type=submit]");
      const headroom = 96; // the preview grows by a line or two once it has the scores
      let by = save.getBoundingClientRect().bottom + headroom - window.innerHeight;
      if (then) by = Math.min(by, then.getBoundingClientRect().top - GAP);
      if (by > 0) window.scrollBy({ top: by, behavior: "instant" });
    };

    const pick = (cell) => {
      if (!cell) return done();
      // Going on to the input the other set shows: its keys are now this input's.
      if (sets.length > 1 && cell === sets[1 - active].cell) active = 1 - active;
      show(cell);
      bring(cell);
    };

    // Tapping an input's box (the input itself is left to the keyboard and screen readers).
    cells.forEach((cell) => {
      (cell.closest(".dock-target") || cell.parentElement).addEventListener("click", (event) => {
        if (event.target === cell && cell.tagName === "SELECT") return;
        pick(cell);
      });
      cell.addEventListener("focus", () => show(cell));
    });
    sets.forEach((set) => set.keys.forEach((button) => {
      button.addEventListener("click", () => {
        if (!set.cell) return;
        if (set.cell !== current) pick(set.cell);
        key(current, button.dataset.value);
      });
    }));
    if (clear) clear.addEventListener("click", () => { if (current) key(current, ""); });

    toggles.forEach((button) => {
      button.addEventListener("click", () => {
        if (!current) return;
        toggle(current, button.dataset.toggle);
        showPressed();
      });
    });

    // Save with a required input missing: the keypad comes back at it, rather than the
    // browser's note on a list hidden under its box.
    form.addEventListener("invalid", (event) => {
      // The first in the page (a game's script may put the hands in another order: offline.js).
      const missing = cells.filter((c) => c.required && !c.value)
        .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
      if (!missing) return;
      event.preventDefault();
      if (event.target === missing) pick(missing);
    }, true);

    // The page keeps the input being entered in view itself: a reload must not scroll it away.
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    form.classList.add("tap-cells");
    return { pick, show, get current() { return current; } };
  };
})();
