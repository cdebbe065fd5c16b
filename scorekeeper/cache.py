"""Django's Redis cache, where a Redis that can't be reached is a miss rather than an error.

The cache only ever speeds things up (the scores live in the database, the sessions too), so a
Redis that is down, restarting or full must slow the app down, not stop it.
"""

import functools
import logging

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


def _failing_open(method, *, fallback):
    @functools.wraps(method)
    def call(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except RedisError as error:
            logger.warning("The cache is not answering (%s): %s", method.__name__, error)
            return fallback(*args, **kwargs)

    return call


def _default(key, default=None, *args, **kwargs):
    return default


def _nothing(*args, **kwargs):
    return None


def _false(*args, **kwargs):
    return False


def _no_such_key(key, *args, **kwargs):
    # What incr says of a key that isn't there: a counter (a rate limit) starts afresh.
    raise ValueError(f"Key '{key}' not found.")


class FailOpenRedisCache(RedisCache):
    """`django.core.cache.backends.redis.RedisCache`: the same public methods, but a Redis
    error is logged and answered as a miss (a get returns its default, an add or a touch
    False, a set or a delete does nothing, an incr finds no key)."""

    get = _failing_open(RedisCache.get, fallback=_default)
    get_many = _failing_open(RedisCache.get_many, fallback=lambda *args, **kwargs: {})
    has_key = _failing_open(RedisCache.has_key, fallback=_false)
    add = _failing_open(RedisCache.add, fallback=_false)
    set = _failing_open(RedisCache.set, fallback=_nothing)
    set_many = _failing_open(RedisCache.set_many, fallback=lambda data, *a, **kw: list(data))
    touch = _failing_open(RedisCache.touch, fallback=_false)
    delete = _failing_open(RedisCache.delete, fallback=_false)
    delete_many = _failing_open(RedisCache.delete_many, fallback=_nothing)
    incr = _failing_open(RedisCache.incr, fallback=_no_such_key)
    clear = _failing_open(RedisCache.clear, fallback=_false)
