// Under the 10's hands at the pace of the table (the form works without it: the cards are typed,
// the bonus cards ticked): one keypad of cards and bonus cards at the bottom of the screen
// (static/js/dock.js) that follows the hand being entered, one tap a card, with a second set of
// card keys for the next hand: its first card goes on to it, as does a hand that holds all it
// can (five cards, its bonus cards included); any hand is taken up again by tapping its cards.
// The hand that went out with an empty hand is passed over. The bonus cards a hand holds are
// said under its name. Used by the round page and a seat's.
(function () {
  "use strict";
  const hands = document.querySelector("[data-hands]");
  if (!hands || !window.keypadDock) return;
  const most = Number(hands.dataset.handSize);
  const cells = Array.from(hands.querySelectorAll("input.dock-cell"));
  const handOf = (cell) => cell.closest("[data-hand]");
  const cards = (cell) => cell.value.match(/\d+/g) || [];
  const held = (cell) => cards(cell).length + handOf(cell).querySelectorAll("input[type=checkbox]:checked").length;
  // The player who emptied their hand (round page) has no cards to enter.
  const emptied = () => {
    const how = document.querySelector("input[name=how]:checked");
    const who = document.querySelector("input[name=ended_by]:checked");
    return how && who && how.value === "empty" ? `cards_${who.value}` : null;
  };
  const nextHand = (after) => cells.slice(cells.indexOf(after) + 1).find((c) => c.name !== emptied()) || null;

  const bonus = (cell, name) => handOf(cell).querySelector(`.u10-bonus input[value="${name}"]`);
  // The bonus cards held, under the hand's name: their boxes are the keypad's keys now.
  const showHeld = (cell) => {
    const line = handOf(cell).querySelector("[data-held]");
    const held = Array.from(handOf(cell).querySelectorAll(".u10-bonus input:checked"))
      .map((box) => box.closest("label").textContent.trim());
    line.textContent = held.join(" · ");
    line.hidden = !held.length;
  };

  const dock = window.keypadDock({
    cells,
    where: (cell) => handOf(cell).dataset.handName,
    pressed: (cell, name) => bonus(cell, name).checked,
    toggle: (cell, name) => {
      const box = bonus(cell, name);
      box.checked = !box.checked;
      box.dispatchEvent(new Event("change", { bubbles: true }));
    },
    next: nextHand,
    key: (cell, value) => {
      cell.value = value === "" ? "" : [...cards(cell), value].join(" ");
      // The preview and the kept draft follow the text box's input.
      cell.dispatchEvent(new Event("input", { bubbles: true }));
      if (value !== "" && held(cell) >= most) dock.pick(nextHand(cell));
    },
  });
  if (!dock) return;
  cells.forEach(showHeld);
  // Who emptied their hand has none to enter: the next hand's keys pass over it.
  document.querySelectorAll("input[name=how], input[name=ended_by]").forEach((choice) => {
    choice.addEventListener("change", () => { if (dock.current) dock.show(dock.current); });
  });
  // The first hand with nothing in it yet, or none (a saved round being fixed: tap a hand).
  const blank = () => cells.find((c) => !c.value && c.name !== emptied() &&
    !handOf(c).querySelector(".u10-points input").value) || null;
  // A hand changed some other way (a kept draft put back, or thrown away): its bonus cards are
  // said under its name, and the keypad goes to the first hand still blank.
  hands.addEventListener("change", (event) => {
    const hand = event.target.closest("[data-hand]");
    if (!hand || event.target === document.activeElement) return;
    if (event.target.type === "checkbox") showHeld(hand.querySelector("input.dock-cell"));
    else if (blank()) dock.show(blank());
  });
  // Tapping a card, not typing: no phone keyboard over the keypad (a real keyboard still types).
  cells.forEach((cell) => { cell.inputMode = "none"; });
  dock.show(blank());
})();
