"""The installable app: the web app manifest and the service worker, both served from the root
so the worker's scope is the whole site (templates/sw.js; the page side is static/js/offline.js),
and the scoring engine a phone runs offline (docs/offline.md): its modules, and what a game's
pages tell it."""

import base64
import hashlib
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from .kinds import GAMES, PACKAGES
from .kinds.base import kind_ui
from .words import said

# The static files every page needs offline: the app's own (not the admin's or the API docs').
APP_FILES = (
    "css/app.css",
    "js/app.js",
    "js/offline.js",
    "js/engine.js",
    "js/engine-worker.js",
    "js/i18n.js",
    "js/drafts.js",
    "js/watch.js",
    "js/poll.js",
    "js/table-clock.js",
    "django_htmx/htmx-2.min.js",
    "icons/icon.svg",
)


def offline_files() -> list[str]:
    """The app's files and the scripts and stylesheets each registered game's round page and
    seat part name."""
    names = dict.fromkeys(APP_FILES)
    for rules in GAMES.values():
        ui = kind_ui(rules)
        for form in (ui.round_form, ui.part_form):
            names.update(dict.fromkeys((*form.scripts, *form.styles) if form else ()))
    return list(names)


# The colours of the app bar and the splash screen (static/css/app.css: --accent, --bg).
THEME_COLOUR = "#0b6e4f"
BACKGROUND_COLOUR = "#f7f6f2"


@login_not_required
@require_safe
def web_manifest(request):
    icon = {"type": "image/png"}
    manifest = {
        "id": "/",
        # In the browser's language (a manifest is fetched without cookies: Accept-Language).
        "lang": translation.get_language(),
        "name": _("Scorekeeper"),
        "short_name": _("Scores"),
        "description": _("Score card games at the table: %(games)s.")
        % {"games": ", ".join(said(rules.name) for rules in GAMES.values())},
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {**icon, "src": static("icons/icon-192.png"), "sizes": "192x192", "purpose": "any"},
            {**icon, "src": static("icons/icon-512.png"), "sizes": "512x512", "purpose": "any"},
            {
                **icon,
                "src": static("icons/maskable-512.png"),
                "sizes": "512x512",
                "purpose": "maskable",
            },
            {"type": "image/svg+xml", "src": static("icons/icon.svg"), "sizes": "any"},
        ],
    }
    response = JsonResponse(manifest, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"  # it names the icons' hashed files
    return response


@login_not_required
@require_safe
def service_worker(request):
    files = _offline_files()
    runtime = engine_runtime()
    script = render_to_string(
        "sw.js",
        {
            "version": files["version"],
            "files": json.dumps(files["urls"]),
            # The engine's runtime (kept once per version of Pyodide) and its modules.
            "engine": json.dumps({**runtime, "files": PYODIDE_FILES} if runtime else {}),
            # Posting one of these changes whose pages the phone holds: the kept ones go.
            "notes": json.dumps(_notes()),
            "account": json.dumps(
                [
                    reverse(name)
                    for name in ("login", "logout", "signup", "account_delete", "password_change")
                ]
            ),
        },
    )
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    # The browser checks for a new worker at least daily anyway; no-cache makes it check each
    # time, so a deploy reaches phones on their next visit.
    response["Cache-Control"] = "no-cache"
    return response


def _notes() -> dict:
    """The worker's own sentences in every language the app speaks: one worker serves them all,
    and says them in the language of the page the phone kept last (templates/sw.js)."""
    notes = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            notes[code] = {
                "title": _("Offline · Scorekeeper"),
                "home": _("Your games"),
                "back": _("Back to the page"),
                "not_kept": _("You are offline, and this page is not kept on the phone."),
                "not_saved": _(
                    "You are offline: that was not saved. Go back and try again once the phone "
                    "is online."
                ),
            }
    return notes


def _offline_files() -> dict:
    """The files' URLs (hashed names under ManifestStaticFilesStorage, so the cache is exact)
    and a version that changes when any of them does, which makes the browser install the new
    worker. Without hashed names (DEBUG, the tests) the version follows the files' contents."""
    if settings.DEBUG:
        return _files_now()
    return _files_once()


def _files_now() -> dict:
    names = offline_files()
    if settings.DEBUG:
        names.append("django_htmx/django-htmx.js")  # {% htmx_script %} adds it in DEBUG
    urls = {name: static(name) for name in names}
    digest = hashlib.sha256(render_to_string("sw.js", {}).encode())
    for name, url in urls.items():
        digest.update(url.encode())
        path = finders.find(name)
        if path and url.endswith("/" + name):  # not hashed: the contents tell the version
            with open(path, "rb") as file:
                digest.update(file.read())
    return {"urls": list(urls.values()), "version": digest.hexdigest()[:12]}


@cache
def _files_once() -> dict:
    return _files_now()


# --- The engine on the phone (static/js/engine.js and engine-worker.js) ----------------------

# What Pyodide's loadPyodide fetches from its folder: the service worker keeps them once a game
# was opened, before the engine first starts (templates/sw.js, keepEngine).
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# What the phone runs of each game's folder: its pure modules (import-linter keeps Django out).
GAME_MODULES = ("__init__.py", "rules.py", "entry.py", "referee.py")


def engine_modules() -> dict[str, str]:
    """The engine's source files by their path from the project's root: the phone imports the
    same packages as the server (`games.kinds.phone` and what it imports)."""
    root = Path(__file__).resolve().parent.parent
    games = root / "games"
    paths = [games / "__init__.py", games / "kinds" / "__init__.py", games / "kinds" / "phone.py"]
    paths += sorted((games / "scoring").glob("*.py"))
    for package in PACKAGES:
        folder = root.joinpath(*package.split("."))
        paths += [folder / name for name in GAME_MODULES if (folder / name).is_file()]
    return {path.relative_to(root).as_posix(): path.read_text(encoding="utf-8") for path in paths}


def engine_catalogues() -> dict[str, str]:
    """Each language's compiled catalogue (base64), which the phone's gettext reads: the
    engine's notes and errors say the same there as on the server."""
    catalogues = {}
    for code, _name in settings.LANGUAGES:
        for folder in settings.LOCALE_PATHS:
            mo = Path(folder) / code / "LC_MESSAGES" / "django.mo"
            if mo.is_file():
                catalogues[code] = base64.b64encode(mo.read_bytes()).decode("ascii")
                break
    return catalogues


def _bundle_now() -> bytes:
    bundle = {"files": engine_modules(), "catalogues": engine_catalogues()}
    body = json.dumps(bundle, sort_keys=True).encode()
    bundle["version"] = hashlib.sha256(body).hexdigest()[:12]
    return json.dumps(bundle).encode()


@cache
def _bundle_once() -> bytes:
    """Made once per process: the files don't change while it runs (in DEBUG they may)."""
    return _bundle_now()


@login_not_required
@require_safe
def engine_bundle(request):
    """The engine's modules and catalogues for the phone (the same code the server runs)."""
    body = _bundle_now() if settings.DEBUG else _bundle_once()
    response = HttpResponse(body, content_type="application/json")
    response["Cache-Control"] = "no-cache"  # the service worker keeps it; a deploy changes it
    return response


def engine_runtime() -> dict | None:
    """Where a page finds the engine: the worker's script, Pyodide's folder and the modules'
    address; None when Pyodide isn't installed (a phone then keeps one round offline)."""
    if not settings.PYODIDE_VERSION:
        return None
    return {
        "worker": static("js/engine-worker.js"),
        "runtime": f"{settings.STATIC_URL}pyodide-{settings.PYODIDE_VERSION}/",
        "bundle": reverse("engine_bundle"),
    }
