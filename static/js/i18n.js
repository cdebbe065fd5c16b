// The scripts' words in the page's language: base.html carries them as JSON (meta js-words, made by
// games/templatetags/table_words.py from the catalogue). say("Round %(number)s", {number: 4})
// gives the English as written when a word has no translation.
(() => {
  const carrier = document.querySelector('meta[name="js-words"]');
  const words = carrier ? JSON.parse(carrier.content) : {};
  window.say = (english, params = {}) =>
    (words[english] || english).replace(/%\((\w+)\)s/g, (all, name) =>
      name in params ? String(params[name]) : all);
})();

// A save answered in place gives the page the board's address (HX-Replace-Url): the language
// switch, which comes back to the page it was on, follows it.
document.addEventListener("htmx:replacedInHistory", () => {
  const next = document.querySelector("footer.language input[name=next]");
  if (next) next.value = location.pathname + location.search;
});
