"""The "versions" cache (games.caches.VersionsCache): Django's file-based cache that looks at
its folder to cull at most once a minute, not on every write."""

from games.caches import CULL_EVERY, VersionsCache


def cache_in(folder, **options):
    return VersionsCache(str(folder), {"OPTIONS": {"MAX_ENTRIES": 4, **options}})


def files(folder):
    return len(list(folder.glob("*.djcache")))


def test_it_reads_back_what_it_wrote(tmp_path):
    cache = cache_in(tmp_path)
    cache.set("board", "<tbody>…</tbody>")
    assert cache.get("board") == "<tbody>…</tbody>"


def test_it_culls_on_its_first_write_then_not_until_a_minute_has_passed(tmp_path):
    cache = cache_in(tmp_path, CULL_FREQUENCY=2)
    for n in range(10):
        cache.set(f"version-{n}", n)
    assert files(tmp_path) == 10  # over MAX_ENTRIES, but no listing of the folder per write
    cache.culled_at -= CULL_EVERY
    cache.set("one-more", 11)
    assert files(tmp_path) < 10  # culled: half of the entries went
    assert cache.get("one-more") == 11
