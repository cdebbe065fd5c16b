"""games.caches.VersionsCache, the workers' shared "versions" cache as production runs it (a
folder of files): what is under a key is also kept, live, in the process, since a key names
one version and what is under it never changes."""

import pytest

from games.caches import OBJECTS_KEPT_HERE, VersionsCache


@pytest.fixture
def shared(tmp_path):
    VersionsCache.forget_here()
    yield VersionsCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 100}})
    VersionsCache.forget_here()


def files(cache) -> int:
    return len(cache._list_cache_files())


def test_markup_is_kept_here_and_in_the_files(shared):
    shared.set("v1:scoreboard", "<section>board</section>", 60)
    assert files(shared) == 1
    # Another process: it has nothing of its own, and reads the file.
    other = VersionsCache(shared._dir, {})
    VersionsCache.forget_here()
    assert other.get("v1:scoreboard") == "<section>board</section>"
    # The file gone (culled, or another worker cleared it): this process still has the markup.
    for name in shared._list_cache_files():
        shared._delete(name)
    assert shared.get("v1:scoreboard") == "<section>board</section>"
    VersionsCache.forget_here()
    assert shared.get("v1:scoreboard") is None


def test_other_values_are_the_same_live_object_here_and_pickled_in_the_files(shared):
    table = {"rounds": [1, 2, 3]}
    shared.set("v1:table", table, 60)
    assert shared.get("v1:table") is table  # the writer's own object: nothing unpickled
    # Another worker: it reads the file once, then holds what it read.
    VersionsCache.forget_here()
    first = shared.get("v1:table")
    assert first == table and first is not table
    assert shared.get("v1:table") is first


def test_a_process_keeps_a_bounded_number_of_other_values(shared):
    for number in range(OBJECTS_KEPT_HERE + 5):
        shared.set(f"v{number}", [number], 60)
    assert len(VersionsCache.kept_objects) == OBJECTS_KEPT_HERE
    assert shared.get("v0") == [0]  # forgotten here, read back from its file


def test_delete_clear_and_expiry_drop_what_is_kept_here(shared):
    shared.set("a", "<p>a</p>", 60)
    shared.set("b", "<p>b</p>", 60)
    shared.delete("a")
    assert shared.get("a") is None
    shared.clear()
    assert shared.get("b") is None
    shared.set("c", "<p>c</p>", -1)  # already expired
    assert shared.get("c") is None


def test_a_worker_forgetting_what_it_kept_forgets_values_and_markup_alike(settings, tmp_path):
    settings.CACHES = {
        **settings.CACHES,
        "versions": {"BACKEND": "games.caches.VersionsCache", "LOCATION": str(tmp_path)},
    }
    from django.core.cache import caches

    caches["versions"].set("k", "<p>kept</p>", 60)
    caches["versions"].set("t", {"table": 1}, 60)
    assert VersionsCache.kept and VersionsCache.kept_objects
    VersionsCache.forget_here()
    assert not VersionsCache.kept and not VersionsCache.kept_objects


def test_the_files_are_compressed_and_read_back(shared):
    markup = "<tr><td>10</td></tr>" * 500
    shared.set("long", markup, 60)
    (name,) = shared._list_cache_files()
    with open(name, "rb") as file:
        assert len(file.read()) < len(markup) // 10
    VersionsCache.forget_here()
    assert shared.get("long") == markup
