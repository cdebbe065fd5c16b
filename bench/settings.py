"""The app's settings with the benchmark's URLs, which add the minimal view it compares against."""

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
