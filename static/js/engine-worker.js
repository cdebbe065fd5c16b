// The scoring engine on the phone: Pyodide (CPython compiled to WebAssembly, served from the
// app's own static files) running the engine's very modules (games/scoring, each game's
// rules.py and entry.py, games/kinds/phone.py), which the server gives as /engine.json.
// static/js/engine.js starts it (on the round page once the page is idle, elsewhere when asked)
// and asks it to play rounds; the service worker keeps every file it fetches, so it starts
// offline too.
"use strict";
let engine = null;

async function start({ runtime, bundle }) {
  importScripts(`${runtime}pyodide.js`);
  const [pyodide, modules] = await Promise.all([
    loadPyodide({ indexURL: runtime }),
    fetch(bundle).then((response) => response.json()),
  ]);
  const fs = pyodide.FS;
  const write = (path, data) => {
    fs.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    fs.writeFile(path, data);
  };
  for (const [path, source] of Object.entries(modules.files)) write(`/engine/${path}`, source);
  for (const [language, mo] of Object.entries(modules.catalogues)) {
    write(`/engine/locale/${language}/LC_MESSAGES/django.mo`, Uint8Array.from(atob(mo), (c) => c.charCodeAt(0)));
  }
  pyodide.runPython(`
import json, sys
sys.path.insert(0, "/engine")
from games.kinds import phone

def play_json(request, language):
    return json.dumps(phone.play(json.loads(request), phone.translations_for(language, "/engine/locale")))
`);
  return { play: pyodide.globals.get("play_json"), version: modules.version };
}

self.onmessage = async ({ data }) => {
  if (data.start) {
    engine = engine || start(data.start);
    try {
      const { version } = await engine;
      postMessage({ ready: true, version });
    } catch (error) {
      postMessage({ ready: false, error: String(error) });
    }
    return;
  }
  try {
    const { play } = await engine;
    postMessage({ id: data.id, answer: JSON.parse(play(JSON.stringify(data.request), data.language)) });
  } catch (error) {
    postMessage({ id: data.id, error: String(error) });
  }
};
