"""A sixth game, "Highest number", that exists only in the tests: the proof that a game is one
folder (its rules, pages, templates and rules page), added by its one line in the registry (the
`sixth_game` fixture, conftest.py), with no other file of the project changed for it."""
