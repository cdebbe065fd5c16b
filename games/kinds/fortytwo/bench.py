"""What `make bench` (bench/run.py) plays of 42, besides its sample rounds."""

# The engine's figure replays this game whole: players, rounds, options.
LONGEST = (4, 40, {})
