"""`make bench`: the scorekeeper's speed figures (run.py), with the settings and URLs it uses."""
