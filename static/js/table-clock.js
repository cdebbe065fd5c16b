// The table's clock for its game night: fills each form's hidden utc_offset field with this
// phone's offset from UTC in minutes east (UTC-5 is -300), so that a game started after
// midnight joins the evening's night. Without JavaScript the field stays empty and the server
// uses its TIME_ZONE setting.
(function () {
  "use strict";
  function fill() {
    var minutes = String(-new Date().getTimezoneOffset());
    document.querySelectorAll('input[name="utc_offset"]').forEach(function (input) {
      input.value = minutes;
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fill);
  } else {
    fill();
  }
  // And each form htmx swaps in later: "Play again" comes with the board a save answers with.
  document.addEventListener("htmx:load", fill);
})();
