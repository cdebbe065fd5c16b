"""What the phone shows outside the pages in Dutch: the app's name and description when it is
installed (the web manifest), and the service worker's own notes (templates/sw.js)."""

import json
import re

from django.test import Client


def test_the_manifest_names_the_app_in_the_browsers_language():
    english = Client().get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="en")
    dutch = Client().get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="nl-NL")
    assert english.json()["lang"] == "en" and dutch.json()["lang"] == "nl"
    assert english.json()["name"] == "Scorekeeper"
    assert dutch.json()["name"] == "Score bijhouden"
    assert dutch.json()["description"].startswith("Houd aan tafel de score bij")
    assert "Onder de 10" in dutch.json()["description"]
    assert "Accept-Language" in dutch["Vary"]


def test_the_service_worker_carries_its_notes_in_every_language():
    """One worker serves every page: the same script whatever the asking page's language."""
    english = Client().get("/sw.js", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    dutch = Client().get("/sw.js", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert english == dutch
    notes = json.loads(re.search(r"^const NOTES = (.*);$", english, re.M).group(1))
    assert set(notes) == {"en", "nl"}
    assert notes["en"]["not_kept"] == "You are offline, and this page is not kept on the phone."
    assert notes["nl"]["not_kept"] == "Je bent offline, en deze pagina staat niet op de telefoon."
    assert notes["nl"]["home"] == "Je spellen" and notes["nl"]["not_saved"].startswith(
        "Je bent offline: dat is niet bewaard."
    )
    assert notes["nl"]["back"] == "Terug naar de pagina"
    assert (
        set(notes["en"]) == set(notes["nl"]) == {"title", "home", "back", "not_kept", "not_saved"}
    )
