// What htmx can't do on the round pages: tap-to-fill keypads, the FourScore tally, and
// keeping the screen awake during a game. Every form works without it.
(function () {
  "use strict";
  const form = document.getElementById("round-form");
  const changed = () => form && form.dispatchEvent(new Event("keypad", { bubbles: true }));

  // FortyBelow: tap a cell, tap a value; the next cell is selected by itself.
  const cells = Array.from(document.querySelectorAll("[data-grid] select"));
  let selected = cells.find((cell) => !cell.value) || cells[0];
  const select = (cell) => {
    cells.forEach((c) => c.classList.toggle("selected", c === cell));
    selected = cell;
  };
  if (cells.length) select(selected);
  cells.forEach((cell) => {
    cell.addEventListener("pointerdown", (event) => { event.preventDefault(); select(cell); });
  });
  document.querySelectorAll("[data-keypad] button").forEach((button) => {
    button.addEventListener("click", () => {
      if (!selected) return;
      selected.value = button.dataset.value;
      const next = cells[cells.indexOf(selected) + 1];
      if (next) select(next);
      changed();
    });
  });

  // FortyBelow's live preview names the cells in the forty-below block and in cancelled
  // columns (#grid-marks, swapped in beside the preview): colour them on the grid.
  const markGrid = () => {
    const marks = document.getElementById("grid-marks");
    if (!marks) return;
    ["block", "cancel"].forEach((mark) => {
      const ids = new Set((marks.dataset[mark] || "").split(" "));
      cells.forEach((cell) => cell.classList.toggle(mark, ids.has(cell.id)));
    });
  };
  document.body.addEventListener("htmx:afterSettle", markGrid);

  // 42's dealer and Forty Fives' tricks: static/js/bids.js.

  // FourScore: a running tally; a pile never drops below 0.
  document.querySelectorAll("[data-tally]").forEach((tally) => {
    const input = document.getElementById(tally.dataset.tally);
    tally.querySelectorAll("[data-add]").forEach((button) => {
      button.addEventListener("click", () => {
        input.value = Math.max(0, (Number(input.value) || 0) + Number(button.dataset.add));
        changed();
      });
    });
  });

  // Under the 10: tap the cards left in a hand; ⌫ clears them.
  document.querySelectorAll("[data-cards]").forEach((keypad) => {
    const input = document.getElementById(keypad.dataset.cards);
    keypad.hidden = false;
    keypad.querySelectorAll("button").forEach((button) => {
      button.addEventListener("click", () => {
        const value = button.dataset.value;
        input.value = value === "" ? "" : `${input.value} ${value}`.trim();
        changed();
      });
    });
  });

  // Keep the screen awake while a game is on (where the browser allows it).
  if ("wakeLock" in navigator) {
    const lock = () => navigator.wakeLock.request("screen").catch(() => {});
    lock();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") lock();
    });
  }
})();
