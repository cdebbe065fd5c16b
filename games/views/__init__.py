"""The phone pages, one module per job: games, rounds, nights, players, your data, your account,
the players' phones and the trick referee. Function views that read top to bottom; the scoring
is the games' rules, the writes the models'."""
