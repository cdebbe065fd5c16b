"""Players are listed by a key without accents (Player.sort_key), so that Émile stands among the
Es rather than after Z: the key is added and worked out for every player saved before."""

import unicodedata

from django.db import migrations, models

JOINERS = "\u200c\u200d"


# As games.models.name_key and sort_key were when this migration was written.
def sort_key(name):
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    key = "".join(ch for ch in folded if ch not in JOINERS)
    marks_apart = unicodedata.normalize("NFD", key)
    plain = "".join(ch for ch in marks_apart if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", plain)


def sort_keys(apps, schema_editor):
    Player = apps.get_model("games", "Player")
    players = list(Player.objects.only("name"))
    for player in players:
        player.sort_key = sort_key(player.name)
    Player.objects.bulk_update(players, ["sort_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0016_finished_when_the_last_round_was_saved"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="sort_key",
            field=models.CharField(default="", editable=False, max_length=120),
            preserve_default=False,
        ),
        migrations.RunPython(sort_keys, migrations.RunPython.noop),
        migrations.AlterModelOptions(
            name="player",
            options={"ordering": ["sort_key", "name_key", "pk"]},
        ),
    ]
