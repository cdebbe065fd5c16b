"""What `make bench` (bench/run.py) plays of Under the 10, besides its sample rounds."""

# The engine's figure replays this game whole: players, rounds, options.
LONGEST = (6, 200, {})
# A game with no last round (its sample rounds put nobody out): the saves at round 2 and at
# round 201, the imports of 250 to 2,000 rounds and the scoreboard of 201 rounds are of it,
# with this many players.
ENDLESS = 6
