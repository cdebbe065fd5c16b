"""A sixth game, "Highest number", that exists only in the tests: the proof that a new game is
its rules (rules.py) and its pages (pages.py, templates/), with no other file changed."""
