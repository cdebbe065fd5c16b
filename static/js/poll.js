// The scoreboard's poll (the owner's page and the watch page) asks "changed since?" itself:
// it sends the ETag of the board last swapped in as If-None-Match, and an unchanged board's 304
// is not swapped in, so a round's explanation opened on the board stays open. The browser's own
// cache can't do this: the page is at the poll's address and, never kept (no-store), it drops
// the kept board; and a 304 the browser gets itself reaches the page as the kept board, a 200
// htmx would swap in all the same.
(function () {
  "use strict";
  let shown = null; // the ETag of the board on the page, once a poll has answered
  const isPoll = (event) => {
    const elt = event.detail.requestConfig ? event.detail.requestConfig.elt : event.detail.elt;
    const verb = event.detail.requestConfig ? event.detail.requestConfig.verb : event.detail.verb;
    return Boolean(elt && elt.id === "scoreboard" && verb === "get");
  };
  document.addEventListener("htmx:configRequest", (event) => {
    if (shown && isPoll(event)) event.detail.headers["If-None-Match"] = shown;
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!isPoll(event)) return;
    const xhr = event.detail.xhr;
    const version = xhr.getResponseHeader("ETag");
    if (xhr.status === 304 || (version && version === shown)) {
      event.detail.shouldSwap = false; // unchanged: the board (and what it opened) stays
    } else if (event.detail.shouldSwap) {
      shown = version; // none on a 404: the watch link turned off ends the polling
    }
  });
})();
