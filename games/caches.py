"""The "versions" cache (settings.CACHES): Django's file-based cache, culled now and then
instead of on every write, with what it holds also kept, live, in the process."""

import pickle
import threading
import time
import zlib
from collections import OrderedDict

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY = 60  # seconds, per process
KEPT_HERE = 256  # pieces of markup a process keeps in memory (a few KB each)
OBJECTS_KEPT_HERE = 128  # other values (a game version's replay: up to a few hundred KB each)


class VersionsCache(FileBasedCache):
    """FileBasedCache lists its whole folder on every set to see whether to cull: at a few
    hundred entries that listing cost more than the write, and a save or a page after a save
    writes one to three entries. Here a process looks at most once a minute; between looks the
    folder may hold a minute's writes more than MAX_ENTRIES (entries are a few KB).

    Every key names one version of a game (and the code that made it), so what is under a key
    never changes: whatever is read or written here is also kept in this process, and `get`
    hands back that same object, not a new unpickled copy. A page of an unchanged game opens no
    file and unpickles nothing; a worker that did not write a version reads its file once. What
    is kept is only read, never changed, so requests and threads share it. Django makes a cache
    object per thread; what is kept here is the process's, behind a lock."""

    culled_at = float("-inf")
    kept: OrderedDict = OrderedDict()  # (folder, key) -> (until, markup)
    kept_objects: OrderedDict = OrderedDict()  # (folder, key) -> (until, any other value)
    lock = threading.Lock()

    def _cull(self):
        now = time.monotonic()
        if now - self.culled_at < CULL_EVERY:
            return
        self.culled_at = now
        super()._cull()

    def _write_content(self, file, timeout, value):
        """As Django's, but zlib's fastest level: a save writes the game's replay (some 70 KB
        pickled at 200 rounds), which the default level took 0.4-0.7 ms to squeeze from 9 KB
        to 8 KB. Django's reads (zlib.decompress) take either."""
        expiry = self.get_backend_timeout(timeout)
        file.write(pickle.dumps(expiry, self.pickle_protocol))
        file.write(zlib.compress(pickle.dumps(value, self.pickle_protocol), 1))

    def get(self, key, default=None, version=None):
        name = (self._dir, self.make_and_validate_key(key, version))
        for kept in (self.kept, self.kept_objects):
            found = kept.get(name)
            if found is not None and (found[0] is None or found[0] > time.time()):
                return found[1]
        value = super().get(key, default, version)
        if value is not default:
            self._keep(name, value, self.default_timeout)
        return value

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        super().set(key, value, timeout, version)
        timeout = self.default_timeout if timeout is DEFAULT_TIMEOUT else timeout
        self._keep((self._dir, self.make_and_validate_key(key, version)), value, timeout)

    def delete(self, key, version=None):
        self._drop((self._dir, self.make_and_validate_key(key, version)))
        return super().delete(key, version)

    def clear(self):
        self.forget_here()
        super().clear()

    def _keep(self, name, value, timeout) -> None:
        until = None if timeout is None else time.time() + timeout
        if isinstance(value, str):
            kept, most = self.kept, KEPT_HERE
        else:
            kept, most = self.kept_objects, OBJECTS_KEPT_HERE
        with self.lock:
            self.kept.pop(name, None)
            self.kept_objects.pop(name, None)
            kept[name] = (until, value)
            while len(kept) > most:
                kept.popitem(last=False)

    def _drop(self, name) -> None:
        with self.lock:
            self.kept.pop(name, None)
            self.kept_objects.pop(name, None)

    @classmethod
    def forget_here(cls) -> None:
        """Forget what this process kept (the files stay: they are every worker's)."""
        with cls.lock:
            cls.kept.clear()
            cls.kept_objects.clear()
