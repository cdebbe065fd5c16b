"""The "versions" cache (settings.CACHES): Django's file-based cache, culled now and then
instead of on every write."""

import time

from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY = 60  # seconds, per process


class VersionsCache(FileBasedCache):
    """FileBasedCache lists its whole folder on every set to see whether to cull: at a few
    hundred entries that listing cost more than the write, and a save or a page after a save
    writes one to three entries. Here a process looks at most once a minute; between looks the
    folder may hold a minute's writes more than MAX_ENTRIES (entries are a few KB)."""

    culled_at = float("-inf")

    def _cull(self):
        now = time.monotonic()
        if now - self.culled_at < CULL_EVERY:
            return
        self.culled_at = now
        super()._cull()
