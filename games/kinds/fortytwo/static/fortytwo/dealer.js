// 42's round page (the form works without it): the dealer may not bid what makes the bids add
// up to 7. Once every other player has bid, that bid is turned off in the dealer's list (and
// on the keypad, which follows the list); if the dealer had already chosen it, it stays chosen
// and is named as forbidden beside it until the dealer picks another (the server refuses it too).
(function () {
  "use strict";
  const TRICKS_IN_42 = 7;

  const bids = document.querySelector("[data-bids]");
  let dealerHand = bids && bids.querySelector("[data-dealer-hand]");
  if (dealerHand) {
    const note = dealerHand.querySelector("[data-forbidden-note]");
    let dealer = bids.dataset.dealerName;
    let refusedByServer = dealerHand.classList.contains("invalid");
    const othersBids = () => Array.from(bids.querySelectorAll("[data-hand]"))
      .filter((hand) => hand !== dealerHand)
      .map((hand) => hand.querySelector("select[name^=bid_]").value);
    const update = () => {
      const others = othersBids();
      const complete = others.every((bid) => bid !== "");
      const forbidden = complete
        ? TRICKS_IN_42 - others.reduce((sum, bid) => sum + Number(bid), 0)
        : null;
      let chosenIsForbidden = false;
      Array.from(dealerHand.querySelector("select[name^=bid_]").options).forEach((option) => {
        const isForbidden = forbidden !== null && option.value !== "" && Number(option.value) === forbidden;
        // Never cleared: a chosen bid that became forbidden stays chosen and is named below.
        option.disabled = isForbidden && !option.selected;
        if (isForbidden && option.selected) chosenIsForbidden = true;
      });
      dealerHand.classList.toggle("invalid", refusedByServer || chosenIsForbidden);
      note.classList.toggle("error", chosenIsForbidden);
      // The server's refusal of that very bid, beside the hand, already says it.
      const refused = dealerHand.querySelector("[role=alert]");
      const said = refused && refused.textContent.includes(say("may not bid %(bid)s:", { bid: forbidden }));
      if (chosenIsForbidden && said) {
        note.textContent = "";
      } else if (chosenIsForbidden) {
        note.textContent = say("%(name)s is dealing and may not bid %(bid)s: the bids would add up " +
          "to %(tricks)s. Choose another bid for %(name)s.", { name: dealer, bid: forbidden, tricks: TRICKS_IN_42 });
      } else if (forbidden !== null && forbidden >= 0) {
        note.textContent = say("The dealer may not bid %(bid)s: the bids would add up to %(tricks)s.",
          { bid: forbidden, tricks: TRICKS_IN_42 });
      } else {
        note.textContent = "";
      }
    };
    const show = () => {
      update();
      note.hidden = !note.textContent;
    };
    bids.addEventListener("change", show);
    // The next round dealt on the phone (offline.js): its dealer's hand carries the rule.
    document.addEventListener("phone:dealt", ({ detail }) => {
      const hand = bids.querySelector(`[data-hand][data-player="${detail.dealer}"]`);
      if (!hand || hand === dealerHand) return;
      dealerHand.classList.remove("invalid");
      Array.from(dealerHand.querySelector("select[name^=bid_]").options).forEach((o) => { o.disabled = false; });
      delete dealerHand.dataset.dealerHand;
      hand.dataset.dealerHand = "";
      hand.append(note);
      dealerHand = hand;
      dealer = detail.name;
      refusedByServer = false;
      show();
    });
    show();
  }
})();
