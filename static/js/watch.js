// The watch link: a copy button (the link's text is there to copy by hand without JavaScript),
// and a watching phone told when the owner turns the link off: the poll's 404 answer is the
// notice that takes the board's place (and, having no polling of its own, ends the polling).
(function () {
  "use strict";
  const status = (text) => {
    const line = document.querySelector(".watch-link .copied");
    if (!line) return;
    line.hidden = false;
    line.textContent = text;
  };
  const copyByHand = (link) => {
    // Where the clipboard API is missing (a page served over plain http on the network):
    // select the link's text so the phone offers to copy it.
    const range = document.createRange();
    range.selectNodeContents(link);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    let copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    status(copied ? say("Copied.") : say("The link is selected: copy it from the menu."));
  };
  document.querySelectorAll("[data-copy]").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => {
      const link = document.querySelector(".watch-link .watch-url");
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(button.dataset.copy)
          .then(() => status(say("Copied.")), () => copyByHand(link));
      } else {
        copyByHand(link);
      }
    });
  });

  if (!location.pathname.startsWith("/s/")) return;
  document.addEventListener("htmx:beforeSwap", (event) => {
    const gone = event.detail.xhr.status === 404 || event.detail.xhr.status === 410;
    if (gone && event.detail.target.id === "scoreboard") {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
})();
