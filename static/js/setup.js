// The new-game page: players sit in the order their chips are tapped, new names are added in
// place (no reload), and the first dealer is tapped among the players seated. Without this
// script the same form works: ticked players sit in the order listed, typed names after them.
(function () {
  "use strict";
  const form = document.getElementById("new-game");
  if (!form) return;
  const chips = form.querySelector("[data-chips]");
  const dealers = form.querySelector("[data-dealers]");
  const seating = form.querySelector("[data-seating]");
  const whoever = dealers.querySelector("[data-whoever]");
  const nameInput = form.querySelector("input[name=new_players]");
  const addButton = form.querySelector("[data-add-player]");
  const addError = form.querySelector("[data-add-error]");
  const teams = (form.dataset.teams || "").split(" ").filter(Boolean);
  const maximum = Number(form.dataset.max) || Infinity;
  // The seat order lives here, as hidden inputs posted in this order; the checkboxes only show
  // who is in.
  const order = document.createElement("div");
  order.hidden = true;
  form.appendChild(order);
  let seated = [];
  let lastAdded = null;  // the chip of the name added last on this page

  function boxes() {
    return Array.from(chips.querySelectorAll("input[type=checkbox]"));
  }

  function chipOf(id) {
    return chips.querySelector(`[data-player="${CSS.escape(id)}"]`);
  }

  function nameOf(id) {
    return chipOf(id).querySelector("bdi").textContent;
  }

  function seatLabel(index) {
    return teams.length ? `${index + 1}\u00a0${teams[index] || ""}` : String(index + 1);
  }

  function render() {
    order.replaceChildren(
      ...seated.map((id) => {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = "players";
        input.value = id;
        return input;
      })
    );
    boxes().forEach((box) => {
      const index = seated.indexOf(box.value);
      box.checked = index >= 0;
      const seat = box.closest("label").querySelector("[data-seat]");
      seat.textContent = index >= 0 ? seatLabel(index) : "";
      seat.hidden = index < 0;
    });
    // The dealer is tapped among the players seated, in seat order.
    const choices = Array.from(dealers.querySelectorAll("label[data-player]"));
    choices.forEach((label) => {
      label.hidden = !seated.includes(label.dataset.player);
    });
    seated.forEach((id) => {
      const label = dealers.querySelector(`label[data-player="${CSS.escape(id)}"]`);
      if (label) dealers.appendChild(label);
    });
    const checked = dealers.querySelector("input:checked");
    const stillThere = checked && seated.includes(checked.value);
    if (!stillThere) {
      const first = seated.length && dealers.querySelector(`input[value="${CSS.escape(seated[0])}"]`);
      (first || whoever.querySelector("input")).checked = true;
    }
    seating.hidden = seated.length === 0;
    seating.textContent = seated.length
      ? say("Clockwise: %(seats)s", { seats: seated.map((id, i) => `${i + 1}. ${nameOf(id)}`).join(", ") })
      : "";
  }

  function take(box) {
    box.name = "";  // the hidden inputs carry the order
    box.addEventListener("change", () => {
      if (box.checked) {
        if (seated.length >= maximum) {
          box.checked = false;
          addError.textContent = say("This game has at most %(count)s players.", { count: maximum });
          return;
        }
        seated.push(box.value);
      } else {
        seated = seated.filter((id) => id !== box.value);
      }
      addError.textContent = "";
      render();
    });
  }

  function addChip(player) {
    let chip = chipOf(String(player.id));
    if (!chip) {
      chip = document.getElementById("chip-template").content.firstElementChild.cloneNode(true);
      chip.dataset.player = player.id;
      chip.querySelector("input").value = player.id;
      chip.querySelector("bdi").textContent = player.name;
      // New names go first, in the order they were added (Ann, Bob, Cor: not Cor, Bob, Ann).
      if (lastAdded && lastAdded.isConnected) lastAdded.after(chip);
      else chips.prepend(chip);
      lastAdded = chip;
      take(chip.querySelector("input"));
      const dealer = document.getElementById("dealer-template").content.firstElementChild.cloneNode(true);
      dealer.dataset.player = player.id;
      dealer.querySelector("input").value = player.id;
      dealer.querySelector("bdi").textContent = player.name;
      dealers.appendChild(dealer);
      const none = chips.querySelector("[data-no-players]");
      if (none) none.remove();
    }
    // A name typed for a player already seated, or when every seat is taken, is said why.
    const id = String(player.id);
    let refused = "";
    if (seated.includes(id)) refused = say("%(name)s already has a seat.", { name: player.name });
    else if (seated.length >= maximum) refused = say("This game has at most %(count)s players.", { count: maximum });
    else seated.push(id);
    render();
    return refused;
  }

  async function addTyped() {
    const names = nameInput.value.split(/[,\n]/).map((name) => name.trim()).filter(Boolean);
    const failed = [];
    const problems = [];
    addButton.disabled = true;
    for (const [index, name] of names.entries()) {
      if (seated.length >= maximum) {
        // Every seat is taken: nobody joins the circle who could not sit down.
        failed.push(...names.slice(index));
        problems.push(say("This game has at most %(count)s players.", { count: maximum }));
        break;
      }
      const body = new FormData();
      body.append("csrfmiddlewaretoken", form.querySelector("[name=csrfmiddlewaretoken]").value);
      body.append("name", name);
      try {
        const response = await fetch(form.dataset.addUrl, {
          method: "POST",
          body,
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
        const answer = await response.json();
        if (response.ok) problems.push(addChip(answer));
        else {
          failed.push(name);
          problems.push(answer.error);
        }
      } catch (error) {
        failed.push(name);
        problems.push(say("No connection: the name was not added."));
      }
    }
    addButton.disabled = false;
    nameInput.value = failed.join(", ");
    addError.textContent = [...new Set(problems.filter(Boolean))].join(" ");
    nameInput.focus();
  }

  addButton.addEventListener("click", (event) => {
    event.preventDefault();
    addTyped();
  });
  nameInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      addTyped();
    }
  });

  // The page may come back from the server with players already seated (in seat order).
  seated = boxes().filter((box) => box.checked).map((box) => box.value);
  boxes().forEach(take);
  whoever.hidden = true;
  render();
})();
