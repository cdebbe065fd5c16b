// Forty Fives' round page (the form works without it): team B took the rest of the five
// tricks, shown as team A's are tapped.
(function () {
  "use strict";
  const rest = document.querySelector("[data-rest-of]");
  if (rest) {
    const group = document.getElementById(rest.dataset.restOf);
    const output = rest.querySelector("[data-rest]");
    const total = Number(rest.dataset.tricks);
    const show = () => {
      const taken = group && group.querySelector("input:checked");
      output.textContent = taken
        ? String(total - Number(taken.value))
        : say("the rest of the %(tricks)s tricks", { tricks: total });
    };
    document.addEventListener("change", show);
    show();
  }
})();
