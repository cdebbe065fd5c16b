// What htmx can't do on the round pages: tap-to-fill keypads, the FourScore tally, and
// keeping the screen awake during a game (FortyBelow's grids are in fortybelow.js, kept drafts
// in drafts.js). Every form works without it.
(function () {
  "use strict";
  const form = document.getElementById("round-form");
  const changed = () => form && form.dispatchEvent(new Event("keypad", { bubbles: true }));

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
