"""The "versions" cache (settings.CACHES): Django's file-based cache, culled now and then
instead of on every write."""

import pickle
import time
import zlib

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

    def _write_content(self, file, timeout, value):
        """As Django's, but zlib's fastest level: a save writes the game's engine table (some
        70 KB pickled at 200 rounds), which the default level took 0.4-0.7 ms to squeeze from
        9 KB to 8 KB. Django's reads (zlib.decompress) take either."""
        expiry = self.get_backend_timeout(timeout)
        file.write(pickle.dumps(expiry, self.pickle_protocol))
        file.write(zlib.compress(pickle.dumps(value, self.pickle_protocol), 1))
