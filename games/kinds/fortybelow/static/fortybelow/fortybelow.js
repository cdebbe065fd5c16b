// FortyBelow's grids at the pace of the table: a card keypad kept at the bottom of the screen,
// the card being entered highlighted and kept in view above it, one tap per card, the next card
// picked by itself, any card changed by tapping it. Without JavaScript each card is a plain list.
(function () {
  "use strict";
  const form = document.getElementById("round-form");
  const dock = document.querySelector("[data-dock]");
  const cells = Array.from(document.querySelectorAll("[data-grid] select"));
  if (!form || !dock || !cells.length) return;
  const where = dock.querySelector("[data-dock-where]");
  const keys = Array.from(dock.querySelectorAll("[data-keypad] button"));
  const changed = () => form.dispatchEvent(new Event("keypad", { bubbles: true }));
  // Every card entered is kept (drafts.js listens for "entered"); the server's preview is asked
  // only once the card's grid is full, the first time it has anything to show.
  const entered = (cell) => {
    cell.dispatchEvent(new Event("entered", { bubbles: true }));
    const grid = Array.from(cell.closest("[data-grid]").querySelectorAll("select"));
    if (grid.every((c) => c.value)) changed();
  };
  const label = (cell) => document.querySelector(`label[for="${cell.id}"]`).textContent;
  const GAP = 8; // px kept clear around the card in view

  // htmx previews only a form the browser finds complete, but each grid is scored as soon as it
  // is full: the preview's request skips the browser's check, which Save keeps (and the server
  // checks it all again). htmx reads the form right after asking to confirm, in the same task.
  form.addEventListener("htmx:confirm", (event) => {
    if (event.detail.elt !== form || form.noValidate) return;
    form.noValidate = true;
    queueMicrotask(() => { form.noValidate = false; });
  });
  // Save with a card missing: the keypad comes back at it, rather than the browser's note on a
  // list that is hidden under its box.
  form.addEventListener("invalid", (event) => {
    const missing = cells.find((c) => !c.value);
    if (!missing) return;
    event.preventDefault();
    if (event.target === missing) pick(missing);
  }, true);

  let current = null;
  const show = (cell) => {
    if (current) current.classList.remove("selected");
    document.querySelectorAll("[data-hand].current").forEach((h) => h.classList.remove("current"));
    current = cell;
    form.classList.toggle("dock-on", Boolean(cell));
    dock.hidden = !cell;
    if (!cell) return;
    cell.classList.add("selected");
    cell.closest("[data-hand]").classList.add("current");
    // The label ends "row 1 column 2" in the page's language: its last two numbers say where.
    where.textContent = label(cell).replace(/ \S+ (\d) \S+ (\d)$/,
      (all, row, column) => say(row === "1" ? ": top row, card %(column)s" : ": bottom row, card %(column)s", { column }));
  };

  // Scroll as little as needed for the card's grid (or at least the card) to show between the
  // top of the screen and the keypad.
  const bring = (cell) => {
    const bottom = window.innerHeight - dock.offsetHeight - GAP;
    const hand = cell.closest("[data-hand]").getBoundingClientRect();
    const box = cell.getBoundingClientRect();
    let by = 0;
    if (hand.bottom > bottom) by = hand.bottom - bottom;
    if (hand.top - by < GAP) by = hand.top - GAP;
    if (box.bottom - by > bottom) by = box.bottom - bottom;
    if (box.top - by < GAP) by = box.top - GAP;
    if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: "instant" });
  };

  // All cards in: the keypad goes, and who went out, the scores and Save come into view.
  const done = () => {
    show(null);
    const save = form.querySelector("button[type=submit]");
    const wentOut = form.querySelector("[name=went_out]").closest(".field");
    const headroom = 96; // the preview grows by a line or two once it has the scores
    const by = Math.min(save.getBoundingClientRect().bottom + headroom - window.innerHeight,
      wentOut.getBoundingClientRect().top - GAP);
    if (by > 0) window.scrollBy({ top: by, behavior: "instant" });
  };

  const nextEmpty = (after) => {
    const start = cells.indexOf(after) + 1;
    return [...cells.slice(start), ...cells.slice(0, start)].find((c) => !c.value) || null;
  };
  const pick = (cell) => {
    if (!cell) return done();
    show(cell);
    bring(cell);
  };

  // Tapping a card (its box; the list itself is left to the keyboard and screen readers).
  cells.forEach((cell) => {
    cell.parentElement.addEventListener("click", (event) => {
      if (event.target === cell) return;
      pick(cell);
    });
    cell.addEventListener("focus", () => show(cell));
  });
  keys.forEach((key) => {
    key.addEventListener("click", () => {
      if (!current) return;
      const cell = current;
      cell.value = key.dataset.value;
      entered(cell);
      pick(nextEmpty(cell));
    });
  });
  // A card changed some other way (its own list, a kept draft): go on from the first empty one.
  form.addEventListener("change", (event) => {
    if (cells.includes(event.target) && event.target !== document.activeElement) {
      pick(nextEmpty(cells[cells.length - 1]));
    }
  });

  // The preview names the cells in the forty-below block and in cancelled columns
  // (#grid-marks, swapped in beside the preview): colour them on the grid.
  const markGrid = () => {
    const marks = document.getElementById("grid-marks");
    if (!marks) return;
    ["block", "cancel"].forEach((mark) => {
      const ids = new Set((marks.dataset[mark] || "").split(" "));
      cells.forEach((cell) => cell.classList.toggle(mark, ids.has(cell.id)));
    });
  };
  document.body.addEventListener("htmx:afterSettle", markGrid);

  // The page keeps the card being entered in view itself: a reload must not scroll it away.
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  form.classList.add("tap-cells");
  const first = nextEmpty(cells[cells.length - 1]);
  show(first);
  // A saved round being fixed, or a page put back by the browser: mark what is already full.
  if (cells.some((c) => c.value)) changed();
})();
