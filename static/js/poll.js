// The scoreboard's poll (the owner's page and the watch page) asks "changed since?" itself: it
// sends the board's version (its data-etag, the poll's ETag) as If-None-Match, and an unchanged
// board's 304 is not swapped in, so a round's explanation opened on the board stays open. The
// browser's own cache can't do this: the page is at the poll's address and, never kept
// (no-store), it drops the kept board; and a 304 the browser gets itself reaches the page as
// the kept board, a 200 htmx would swap in all the same.
(function () {
  "use strict";
  const board = (event) => {
    const config = event.detail.requestConfig || event.detail;
    const elt = config.elt;
    return elt && elt.id === "scoreboard" && config.verb === "get" ? elt : null;
  };
  document.addEventListener("htmx:configRequest", (event) => {
    const polling = board(event);
    if (polling && polling.dataset.etag) event.detail.headers["If-None-Match"] = polling.dataset.etag;
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (board(event) && event.detail.xhr.status === 304) event.detail.shouldSwap = false;
  });
})();
