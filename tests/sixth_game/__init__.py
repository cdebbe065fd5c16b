"""A sixth game, "Highest number", known only to the tests: registering it (its rules in the
registry, with nothing else of the project changed) must be enough for the API to play it."""
