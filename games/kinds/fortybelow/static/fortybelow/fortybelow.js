// FortyBelow's grids at the pace of the table: the card keypad kept at the bottom of the screen
// (static/js/dock.js), the card being entered highlighted and kept in view above it, one tap per
// card, the next card picked by itself, any card changed by tapping it. Without JavaScript each
// card is a plain list.
(function () {
  "use strict";
  const form = document.getElementById("round-form");
  const cells = Array.from(document.querySelectorAll("[data-grid] select"));
  if (!form || !cells.length || !window.keypadDock) return;
  const changed = () => form.dispatchEvent(new Event("keypad", { bubbles: true }));
  // Every card entered is kept (drafts.js listens for "entered"); the server's preview is asked
  // only once the card's grid is full, the first time it has anything to show.
  const entered = (cell) => {
    cell.dispatchEvent(new Event("entered", { bubbles: true }));
    const grid = Array.from(cell.closest("[data-grid]").querySelectorAll("select"));
    if (grid.every((c) => c.value)) changed();
  };
  const label = (cell) => document.querySelector(`label[for="${cell.id}"]`).textContent;

  // htmx previews only a form the browser finds complete, but each grid is scored as soon as it
  // is full: the preview's request skips the browser's check, which Save keeps (and the server
  // checks it all again). htmx reads the form right after asking to confirm, in the same task.
  form.addEventListener("htmx:confirm", (event) => {
    if (event.detail.elt !== form || form.noValidate) return;
    form.noValidate = true;
    queueMicrotask(() => { form.noValidate = false; });
  });

  const nextEmpty = (after) => {
    const start = cells.indexOf(after) + 1;
    return [...cells.slice(start), ...cells.slice(0, start)].find((c) => !c.value) || null;
  };
  const wentOut = form.querySelector("[name=went_out]");
  const dock = window.keypadDock({
    cells,
    // The label ends "row 1 column 2" in the page's language: its last two numbers say where.
    where: (cell) => label(cell).replace(/ \S+ (\d) \S+ (\d)$/,
      (all, row, column) => say(row === "1" ? ": top row, card %(column)s" : ": bottom row, card %(column)s", { column })),
    key: (cell, value) => {
      cell.value = value;
      entered(cell);
      dock.pick(nextEmpty(cell));
    },
    // All cards in: who went out comes into view with the scores and Save.
    then: wentOut && wentOut.closest(".field"),
  });
  if (!dock) return;

  // A card changed some other way (its own list, a kept draft): go on from the first empty one.
  form.addEventListener("change", (event) => {
    if (cells.includes(event.target) && event.target !== document.activeElement) {
      dock.pick(nextEmpty(cells[cells.length - 1]));
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
  document.addEventListener("phone:preview", markGrid); // scored on the phone (offline.js)

  dock.show(nextEmpty(cells[cells.length - 1]));
  // Cards put back (a draft, the browser's own memory of the form): mark what is already full,
  // once htmx listens for the form's changes. It starts when the page has been read
  // (DOMContentLoaded), after this deferred script has run: the event sent now would go unheard.
  // A saved round's fix page asks for its scores as it loads by itself (round_form.html).
  if (!form.hasAttribute("data-editing") && cells.some((c) => c.value)) {
    document.addEventListener("DOMContentLoaded", changed, { once: true });
  }
})();
