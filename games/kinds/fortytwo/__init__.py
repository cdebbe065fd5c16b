"""42: its rules (rules.py, pure Python), its pages (pages.py) and everything they use.

Nothing here imports Django: the rules are imported through this package, on the phone too."""
