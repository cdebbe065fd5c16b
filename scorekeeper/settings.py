"""Settings for the scorekeeper, every one read from the environment (see .env.example)."""

import json
import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

from games.kinds import PACKAGES as GAME_PACKAGES

BASE_DIR = Path(__file__).resolve().parent.parent
# Run from a checkout, templates/, static/ and docs/ sit beside manage.py; installed with
# `pip install .`, there is no checkout and they are inside this package (see setup.py).
CHECKOUT = (BASE_DIR / "manage.py").is_file()
FILES_DIR = BASE_DIR if CHECKOUT else Path(__file__).resolve().parent


def pyodide_version(folder: Path) -> str:
    """The version of the Pyodide in `folder` (its package.json), or "" when there is none."""
    try:
        return json.loads((folder / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return ""


TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}
DEVELOPMENT_SECRET_KEY = "insecure-development-key-do-not-use-in-production"


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None
    if value < 0:
        raise ImproperlyConfigured(f"{name} must not be negative, not {raw!r}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def database_from_url(url: str) -> dict:
    if not url.startswith(("sqlite:", "postgres:", "postgresql:")):
        raise ImproperlyConfigured(f"DATABASE_URL must be sqlite:// or postgres://, not {url!r}")
    config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # A web app on SQLite: WAL lets readers run beside the writer, IMMEDIATE takes the write
        # lock at BEGIN so concurrent saves queue up instead of failing, and the busy timeout
        # is how long they queue. Connections are kept as on PostgreSQL: opening one and
        # setting its pragmas on every request is a share of a small page's time.
        config["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    return config


def secret_key(debug_word: str | None) -> str:
    """SECRET_KEY, or the development key on a developer's machine (DEBUG unset or true).

    DEBUG=false is what a server sets: there a missing key, or the development key everyone can
    read here, stops the app, since it would let anyone forge sessions and password resets.
    """
    key = os.environ.get("SECRET_KEY", "")
    server = debug_word is not None and debug_word.strip().lower() in FALSE_WORDS
    if server and (not key.strip() or key == DEVELOPMENT_SECRET_KEY):
        raise ImproperlyConfigured(
            "SECRET_KEY must be set to a long random value of your own when DEBUG is false "
            "(for example: python -c 'import secrets; print(secrets.token_urlsafe(50))')"
        )
    return key or DEVELOPMENT_SECRET_KEY


def data_dir() -> Path:
    """DATA_DIR, where the app keeps what it writes (the SQLite database, collected static files).

    By default var/ in a checkout; once installed, the user's data folder (XDG_DATA_HOME,
    ~/.local/share/scorekeeper), never the installed package's folder.
    """
    if raw := os.environ.get("DATA_DIR", "").strip():
        return Path(raw).expanduser().resolve()
    if CHECKOUT:
        return BASE_DIR / "var"
    data_home = os.environ.get("XDG_DATA_HOME", "").strip() or Path.home() / ".local" / "share"
    return Path(data_home) / "scorekeeper"


def imports_at_once() -> int:
    """IMPORTS_AT_ONCE: how many imports the server runs at once (1 by default)."""
    value = env_int("IMPORTS_AT_ONCE", 1)
    if value < 1:
        raise ImproperlyConfigured("IMPORTS_AT_ONCE must be 1 or more: with 0 nothing could import")
    return value


def make_folder(path: Path, setting: str) -> Path:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ImproperlyConfigured(f"{setting} {path} can't be created: {error}") from None
    return path


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = secret_key(os.environ.get("DEBUG"))
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

DATA_DIR = data_dir()
if database_url := env_str("DATABASE_URL", "").strip():
    DATABASES = {"default": database_from_url(database_url)}
else:
    # SQLite can't make the folder of its file: a fresh clone or install makes it here.
    sqlite_file = make_folder(DATA_DIR, "DATA_DIR") / "db.sqlite3"
    DATABASES = {"default": database_from_url(f"sqlite:///{sqlite_file}")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The caches only speed things up. "pages" keeps what a page draws from a game's rows (the
# scoreboard's and the chart's fragments, the phone's start, QR codes) by keys that name what
# it was drawn from (the game's `updated`, the link): a write makes new keys, so no copy is ever
# stale, and each process keeps its own in memory, with no network call per piece. "default"
# keeps what the processes share: the seat links' send counts and, with REDIS_URL, the sessions
# (read from Redis, written to the database as well, so "sign out everywhere" ends them on
# every machine). Each process's own memory without REDIS_URL; with it, one Redis that every
# worker and machine shares, where a Redis that can't be reached is a miss
# (scorekeeper/cache.py).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "pages",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}
if redis_url := env_str("REDIS_URL", "").strip():
    CACHES["default"] = {
        "BACKEND": "scorekeeper.cache.FailOpenRedisCache",
        "LOCATION": redis_url,
        # A Redis that is down costs a page a fraction of a second, not a worker's time.
        "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.5},
    }
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

INSTALLED_APPS = [
    "accounts.apps.AdminConfig",  # Django's admin, its log-in limited (accounts.admin_site)
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "games",
    # Each game's folder is an app, so that its templates and static files are found as any
    # app's: one line per game, in the games' registry.
    *GAME_PACKAGES,
    "csp",
    "django.forms",  # its widget templates, for TemplatesSetting (FORM_RENDERER)
]

MIDDLEWARE = [
    "games.middleware.lean_not_modified",  # outermost: it sees every header the others add
    "django.middleware.security.SecurityMiddleware",
    "games.middleware.no_impossible_port",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language from the footer's choice (a cookie) or the browser's Accept-Language; it
    # adds `Vary: Accept-Language, Cookie`, so no cache serves a page in the other language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    "games.middleware.private_when_signed_in",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [FILES_DIR / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]
# Forms' widgets drawn by the templates above, so that templates/django/forms/widgets/ can write
# a select's options and a radio's choices in place: the same markup as Django's, which draws two
# or three templates per option, and a round page may hold a select per card of every grid.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
# English and Dutch (docs/languages.md): the catalogue is locale/nl/LC_MESSAGES/django.po, its
# compiled .mo committed beside it (an installed package has no gettext to build it with).
LANGUAGES = [("en", "English"), ("nl", "Nederlands")]
LOCALE_PATHS = [FILES_DIR / "locale"]
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", "").strip() or DATA_DIR / "staticfiles")
STATICFILES_DIRS = [FILES_DIR / "static"]
# Pyodide (CPython compiled to WebAssembly, pinned in package.json, installed by `npm ci`): a
# phone runs the scoring engine with it offline (docs/offline.md). Served from the app's own
# static files under its version, so a phone keeps one copy per version. Without it the app
# runs all the same, and a phone keeps one round offline (games.apps logs it).
PYODIDE_DIR = Path(env_str("PYODIDE_DIR", "").strip() or FILES_DIR / "node_modules" / "pyodide")
PYODIDE_VERSION = pyodide_version(PYODIDE_DIR)
if PYODIDE_VERSION:
    STATICFILES_DIRS.append((f"pyodide-{PYODIDE_VERSION}", PYODIDE_DIR))
# The rules pages render each game's rules.md, and docs/rules/common.md (games.docs).
DOCS_DIR = FILES_DIR / "docs"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# Source maps are fetched only by a browser's developer tools: compressing the API docs' large
# ones twice (gzip, brotli) was much of collectstatic's time, for nothing.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = [*Compressor.SKIP_COMPRESS_EXTENSIONS, "map"]

# Behind TLS in production: each of these is switched on by the environment.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Wrong passwords allowed per user name and address in 15 minutes (accounts.models.FailedLogin),
# enforced on every password check by the backend.
LOGIN_ATTEMPTS_LIMIT = env_int("LOGIN_ATTEMPTS_LIMIT", 10)
AUTHENTICATION_BACKENDS = ["accounts.authentication.LimitedModelBackend"]
# Accounts that one address may make in an hour (accounts.models.SignUp).
SIGNUPS_PER_ADDRESS = env_int("SIGNUPS_PER_ADDRESS", 10)
SESSION_COOKIE_AGE = 60 * 60 * 24 * 60  # a game night's phone stays signed in for weeks
# An uploaded file (the import's, on the "Your data" page) larger than an import reads is
# dropped as it arrives, not kept in memory or in a temporary file.
FILE_UPLOAD_HANDLERS = [
    "games.forms.LimitedUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
# The import sends one file. Any POST's files are read before its view runs (the CSRF check
# reads the form), so a second one is refused (400) rather than kept in a temporary file.
DATA_UPLOAD_MAX_NUMBER_FILES = 1
# Imports running at once on the whole server (games.models.RunningImport, counted in the
# database), one per account: an import holds a worker for seconds, and more of them than this
# answer 429 with Retry-After. At most a third of the workers (gunicorn --workers 3: 1).
IMPORTS_AT_ONCE = imports_at_once()

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Every refusal (the models', the engine's, a malformed request) as docs/api.md's JSON.
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Scorekeeper API",
    "DESCRIPTION": "Score card games at the table: players, game nights, games and rounds.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # /api/docs/ serves Swagger UI from the sidecar's static files: no CDN, works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}

# Nothing inline: every script and style sheet is a static file of ours (htmx's own indicator
# style is switched off in base.html and is in app.css), so no nonce or 'unsafe-inline' is needed.
# Swagger UI (/api/docs/) draws its icons as data: images. The service worker and the manifest
# are same-origin.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        # WebAssembly may be compiled (the phone's engine, Pyodide); JavaScript's eval stays off.
        "script-src": [SELF, "'wasm-unsafe-eval'"],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
