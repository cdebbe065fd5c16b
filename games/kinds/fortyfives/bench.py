"""What `make bench` (bench/run.py) plays of Forty Fives, besides its sample rounds."""

# The engine's figure replays this game whole: players, rounds, options.
LONGEST = (4, 40, {})
