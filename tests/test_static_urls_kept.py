"""games.storage.StaticFilesStorage: whitenoise's storage (hashed names), each URL worked out
once per manifest."""

import shutil

from django.contrib.staticfiles import finders
from whitenoise.storage import CompressedManifestStaticFilesStorage

from games.storage import StaticFilesStorage

NAMES = ["css/app.css", "js/app.js", "icons/icon.svg"]


def collected(storage, tmp_path, text: str | None = None) -> None:
    for name in NAMES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(finders.find(name), tmp_path / name)
    if text is not None:
        (tmp_path / NAMES[0]).write_text(text)
    list(storage.post_process({name: (storage, name) for name in NAMES}))


def test_the_urls_are_whitenoises_and_follow_a_new_manifest(tmp_path):
    kept = StaticFilesStorage(location=str(tmp_path), base_url="/static/")
    collected(kept, tmp_path)
    plain = CompressedManifestStaticFilesStorage(location=str(tmp_path), base_url="/static/")
    first = [kept.url(name) for name in NAMES]
    assert first == [plain.url(name) for name in NAMES]
    assert all(".css" in u or ".js" in u or ".svg" in u for u in first)
    assert kept.url(NAMES[0]) is first[0]  # kept, not worked out again
    # collectstatic again in this process, the stylesheet changed: its new hashed name.
    collected(kept, tmp_path, text="body { color: red; }")
    assert kept.url(NAMES[0]) != first[0]
    assert kept.url(NAMES[0]) == CompressedManifestStaticFilesStorage(
        location=str(tmp_path), base_url="/static/"
    ).url(NAMES[0])
