"""Under the 10's rules, version 2: the players who are out stand by their totals, as RULES.md
has every game's standings, not by when they went out. The games kept under version 1 are scored
again (their seats' places, and the ratings that count those places); their points and totals
stay as they were."""

from django.db import migrations


def score_under_the_10_again(apps, schema_editor):
    from games.rescoring import rescore_games

    rescore_games(apps, ["under10"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_accounts_own_the_limits"),
    ]

    operations = [
        migrations.RunPython(score_under_the_10_again, migrations.RunPython.noop),
    ]
