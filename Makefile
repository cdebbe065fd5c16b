# Two commands: `make run` starts the app on SQLite, `make test` runs the whole test suite.
# The set-up steps (uv, npm, apt-get) run side by side.
MAKEFLAGS += --jobs=3
# Two apt-gets at once fail on apt's locks: each waits for the other here.
APT_GET = DEBIAN_FRONTEND=noninteractive flock /tmp/scorekeeper-apt-get.lock apt-get
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium-headless-shell
REDIS_SERVER ?= /usr/bin/redis-server

.PHONY: run test test-fast test-browser test-postgres bench icons clean messages engine-runtime

# uv installs what pip would, many times faster (pip's install was the set-up's longest step),
# trusting the system's certificates as pip does. The virtualenv is made without pip of its own
# (ensurepip takes seconds): the system's pip puts uv in it. pip installs where uv can't: uv
# reads no pip.conf, so an index or a proxy only pip is told of is out of its reach.
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	( $(PYTHON) -m pip --python $(BIN)/python install --quiet 'uv>=0.13,<0.14' && \
	  $(BIN)/uv pip install --python $(BIN)/python --system-certs --quiet --compile-bytecode \
	    -e '.[dev]' ) || \
	( $(BIN)/python -m ensurepip >/dev/null && $(BIN)/python -m pip install --quiet -e '.[dev]' )
	touch $@

# The Dutch catalogue: locale/nl/LC_MESSAGES/django.po is the source; its compiled .mo is
# committed too (`pip install .` has no gettext to build it with) and rebuilt here when the .po
# changes. The tests need gettext whatever the files' dates: they compile the .po and run
# makemessages (xgettext). See docs/languages.md.
PO := locale/nl/LC_MESSAGES/django.po
MO := locale/nl/LC_MESSAGES/django.mo
MSGFMT ?= /usr/bin/msgfmt

$(MO): $(PO) | $(MSGFMT)
	msgfmt --check --output-file=$@ $<

# Every marked string of the templates, the app and the engine into the catalogue (the engine's
# N_ and Message markers: games/management/commands/makemessages.py);
# new ones come in untranslated (tests/test_languages.py fails until they are translated).
messages: $(VENV)/.installed
	$(BIN)/python manage.py makemessages --locale=nl \
		--no-location --no-obsolete --ignore=.venv --ignore=node_modules --ignore=var \
		--ignore=tests --ignore='games/kinds/*/tests' --ignore=bench --ignore=build --ignore='*.egg-info'

run: $(VENV)/.installed engine-runtime
	$(BIN)/python manage.py migrate --noinput
	DEBUG=true $(BIN)/python manage.py runserver 127.0.0.1:8000

# The tests run on every core (pytest-xdist; `make test WORKERS=0` runs them in one process).
# worksteal hands each worker an equal run of the tests, each run headed by its share of the
# tests marked `slow` (conftest.py), and lets an idle worker take tests from a busy one.
WORKERS ?= auto
XDIST = -n $(WORKERS) --dist worksteal
# pytest rewrites the asserts of the tests and of its plugins' packages (hypothesis,
# schemathesis: hundreds of modules) and keeps the result as bytecode: PYTHONDONTWRITEBYTECODE,
# set in some shells, makes every pytest process (each xdist worker) do it again, seconds each.
unexport PYTHONDONTWRITEBYTECODE
# Tests that time the machine (marked `timing`, in tests/timing/ and tests/browser/) run alone,
# after the rest ran side by side; run by folder, so that pytest reads no other test module.
# Each run side by side ends with its ten slowest tests: where the suite's time goes.
SIDE_BY_SIDE = $(BIN)/pytest $(XDIST) --durations=10 -m "not browser and not large and not timing"
ALONE = $(BIN)/pytest -m "not large" tests/timing

test: $(VENV)/.installed node_modules/.installed $(CHROMIUM) $(REDIS_SERVER) $(MSGFMT) $(MO)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/lint-imports
	$(SIDE_BY_SIDE)
	$(ALONE)
	$(MAKE) test-browser

test-fast: $(VENV)/.installed $(MSGFMT) $(MO)
	$(SIDE_BY_SIDE)
	$(ALONE)

# Browser tests run on their own: Playwright's event loop and Django's async-safety checks
# don't mix (see tests/browser/conftest.py). Each xdist worker has its own Chromium, live
# server and SQLite file.
test-browser: $(VENV)/.installed $(CHROMIUM) node_modules/.installed $(MSGFMT) $(MO)
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(BIN)/pytest $(XDIST) --durations=10 -m "browser and not timing" tests/browser
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(BIN)/pytest -m "browser and timing" tests/browser

# The tests of the database's own behaviour (marked `database`), on the PostgreSQL server of
# DATABASE_URL: .ci/run starts a throwaway one and runs this.
test-postgres: $(VENV)/.installed $(REDIS_SERVER) $(MSGFMT) $(MO)
	@case "$$DATABASE_URL" in postgres*) ;; \
		*) echo "DATABASE_URL must name a PostgreSQL server (see .ci/run)"; exit 2;; esac
	$(BIN)/pytest $(XDIST) --durations=10 -m "database and not timing"
	$(BIN)/pytest -m database tests/timing

# From npm, pinned in package-lock.json: Pyodide, which the app serves so that a phone runs the
# scoring engine offline (docs/offline.md), and axe-core for the accessibility test. Node.js and
# npm come from apt-get when run as root.
node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
		$(APT_GET) update -qq && $(APT_GET) install -y -qq nodejs npm; } || \
		{ echo "npm is missing: install Node.js and npm"; exit 1; }
	npm ci --no-audit --no-fund
	touch $@

# `make run` without them still serves the app: a phone then keeps one round offline, as the
# app's log says when it starts.
engine-runtime:
	@$(MAKE) --no-print-directory node_modules/.installed || \
		echo "Pyodide could not be installed: the app runs, without the phone's engine offline."

# Debian's packages the tests need, in one apt-get run as root (beside pip's, under make -j):
# Chromium as its headless shell for the browser tests (Playwright's own browser download can't
# work here), Redis for the tests of two app servers sharing one cache (tests/test_two_servers.py),
# gettext for the catalogue. Without root, make names them; the browser and Redis tests are then
# skipped, outside CI.
$(CHROMIUM) $(REDIS_SERVER) $(MSGFMT) &:
	@missing=$$([ -x $(CHROMIUM) ] || echo chromium-headless-shell; \
		[ -x $(REDIS_SERVER) ] || echo redis-server; command -v msgfmt >/dev/null || echo gettext); \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		$(APT_GET) update -qq && $(APT_GET) install -y -qq $$missing; \
	elif [ -n "$$missing" ]; then \
		echo "Missing: install Debian's" $$missing "(as root) for the tests."; \
		command -v msgfmt >/dev/null; \
	fi

# The speed figures (README, "Speed"; how they are measured: docs/speed.md). wrk and Redis are
# Debian's packages of those names, installed with apt-get when run as root; the benchmark
# starts and stops its own Redis.
bench: $(VENV)/.installed
	@missing=$$(for tool in wrk redis-server; do command -v $$tool >/dev/null || echo $$tool; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			$(APT_GET) update -qq && $(APT_GET) install -y -qq $$missing; \
		else \
			echo "Missing:" $$missing "(install Debian's packages of those names)"; exit 1; \
		fi; \
	fi
	$(BIN)/python bench/run.py

# The PNG icons from their SVG drawings (static/icons/README.md); the PNGs are committed.
icons:
	cd static/icons && rsvg-convert -w 192 -h 192 icon.svg -o icon-192.png \
		&& rsvg-convert -w 512 -h 512 icon.svg -o icon-512.png \
		&& rsvg-convert -w 512 -h 512 maskable.svg -o maskable-512.png \
		&& rsvg-convert -w 180 -h 180 maskable.svg -o apple-touch-icon.png

clean:
	rm -rf $(VENV) var/staticfiles test-artifacts node_modules
