// 42's round page at the pace of the table (the form works without it: each bid and tricks is
// a plain list): one keypad of 0 to 7 at the bottom of the screen (static/js/dock.js), one tap
// a bid or a count of tricks. The bids first, in bidding order, then the tricks; each tap goes
// on to the first one still empty, and any of them is changed by tapping it.
(function () {
  "use strict";
  const bids = document.querySelector("[data-bids]");
  if (!bids || !window.keypadDock) return;
  const inOrder = () => {
    const lists = Array.from(bids.querySelectorAll("select.dock-cell"));
    return [...lists.filter((c) => c.dataset.dockPass === "0"), ...lists.filter((c) => c.dataset.dockPass !== "0")];
  };
  let cells = inOrder();
  const firstEmpty = () => cells.find((c) => !c.value) || null;
  const dock = window.keypadDock({
    cells,
    key: (cell, value) => {
      if (value === null || value === "") return;
      cell.value = value;
      // The preview, the dealer's forbidden bid and the kept draft follow a list's change.
      cell.dispatchEvent(new Event("change", { bubbles: true }));
      dock.pick(firstEmpty());
    },
  });
  if (!dock) return;
  // A list changed some other way (its own list, a kept draft put back): on from the first empty.
  bids.addEventListener("change", (event) => {
    if (cells.includes(event.target)) dock.show(firstEmpty());
  });
  // The next round dealt on the phone (offline.js): the hands go in its bidding order, the
  // dealer last, and the keypad takes them in that order.
  document.addEventListener("phone:dealt", ({ detail }) => {
    const hands = Array.from(bids.querySelectorAll("[data-hand]"));
    const dealer = hands.findIndex((hand) => hand.dataset.player === String(detail.dealer));
    if (dealer < 0) return;
    const after = hands[hands.length - 1].nextSibling;
    [...hands.slice(dealer + 1), ...hands.slice(0, dealer + 1)].forEach((hand) => bids.insertBefore(hand, after));
    cells = inOrder();
    dock.show(firstEmpty());
  });
  dock.show(firstEmpty());
})();
