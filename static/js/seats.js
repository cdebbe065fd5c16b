// Players' phones: a seat phone told at its next poll that its link was revoked. The poll's 404
// answer is the notice that takes the live part's place (and, having no polling of its own,
// ends the polling). A poll that brings this seat's part as another phone sent it after this
// page was drawn opens the page afresh, with that part in the form: sending the old one again
// would quietly undo it. Without JavaScript the page still sends its part; it just doesn't
// follow.
(function () {
  "use strict";
  document.addEventListener("htmx:beforeSwap", (event) => {
    const gone = event.detail.xhr.status === 404;
    if (gone && event.detail.target.id === "seat-live") {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
  document.addEventListener("htmx:afterSwap", () => {
    const form = document.getElementById("round-form");
    const sent = document.querySelector("#seat-live [data-part-at]");
    if (form && sent && sent.dataset.partAt !== form.dataset.partAt) window.location.reload();
  });
})();
