// What htmx can't do on the round pages, for any game's inputs that ask for it: a running
// tally, and keeping the screen awake during a game (the keypad dock is dock.js, a game's own
// scripts are in its folder, kept drafts in drafts.js). Every form works without it.
(function () {
  "use strict";
  const form = document.getElementById("round-form");
  const changed = () => form && form.dispatchEvent(new Event("keypad", { bubbles: true }));

  // A running tally ([data-tally]: buttons that add to a number); it never drops below 0.
  document.querySelectorAll("[data-tally]").forEach((tally) => {
    const input = document.getElementById(tally.dataset.tally);
    tally.querySelectorAll("[data-add]").forEach((button) => {
      button.addEventListener("click", () => {
        input.value = Math.max(0, (Number(input.value) || 0) + Number(button.dataset.add));
        changed();
      });
    });
  });

  // htmx sends the save: like the browser's own submit, it checks the form first, and a missing
  // input stops it and is named in the browser's words (a game's script may point at it instead).
  document.addEventListener("htmx:validation:halted", (event) => {
    const halted = event.target.closest("form");
    if (halted) halted.reportValidity();
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
