"""`{% phone_engine game %}`: what the phone's engine (static/js/engine.js) needs to play this
game's next rounds without the server, as JSON in a hidden element's attribute (the pages hold
no inline <script>). Nothing when the server has no Pyodide to give, or the game can't go on."""

import json

from django import template
from django.core.cache import caches
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from .. import offline

register = template.Library()


@register.simple_tag
def phone_engine(game):
    runtime = offline.engine_runtime()
    if runtime is None:
        return ""
    # What the phone starts from changes only with a write, which moves `updated` (the version
    # the board's fragments are kept by too): read from the seats and the last round once per
    # version, and per runtime (its files' names change with a new Pyodide or worker script).
    files = f"{runtime['worker']}:{runtime['runtime']}"
    key = f"phone-engine:{game.pk}:{game.updated.timestamp()}:{files}"
    element = caches["pages"].get_or_set(key, lambda: _element(game, runtime), timeout=86400)
    return mark_safe(element)


def _element(game, runtime: dict) -> str:
    start = game.phone_start()
    if start is None:
        return ""
    data = json.dumps({**start, **runtime}, ensure_ascii=False)
    return format_html('<div id="phone-engine" hidden data-engine="{}"></div>', data)
