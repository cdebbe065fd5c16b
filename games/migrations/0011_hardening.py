import secrets

from django.db import migrations, models


def give_joining_games_a_join_link(apps, schema_editor):
    """Games whose players' phones are on already get their join link's token."""
    Game = apps.get_model("games", "Game")
    for game in Game.objects.filter(join_code__isnull=False, join_token__isnull=True):
        game.join_token = secrets.token_urlsafe(24)
        game.save(update_fields=["join_token"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_kind_choices_from_registry"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="join_token",
            field=models.CharField(
                blank=True, editable=False, max_length=43, null=True, unique=True
            ),
        ),
        migrations.RunPython(give_joining_games_a_join_link, migrations.RunPython.noop),
    ]
