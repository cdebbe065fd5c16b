"""What `make bench` (bench/run.py) plays of FortyBelow, besides its sample rounds."""

# The engine's figure replays this game whole: players, rounds, options.
LONGEST = (6, 20, {"rounds": 20})
# The typical game, still being played (and polled): the scoreboard's first load and the wrk
# figures are of it. Players, rounds played, options.
TYPICAL = (4, 10, {"rounds": 20})
