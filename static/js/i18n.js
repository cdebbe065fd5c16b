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
