"""`{% phone_engine game %}`: what the phone's engine (static/js/engine.js) needs to play this
game's next rounds without the server, as JSON in a hidden element's attribute (the pages hold
no inline <script>). Nothing when the server has no Pyodide to give, or the game can't go on."""

import json

from django import template
from django.utils.html import format_html

from .. import offline

register = template.Library()


@register.simple_tag
def phone_engine(game):
    runtime = offline.engine_runtime()
    start = game.phone_start() if runtime else None
    if start is None:
        return ""
    data = json.dumps({**start, **runtime}, ensure_ascii=False)
    return format_html('<div id="phone-engine" hidden data-engine="{}"></div>', data)
