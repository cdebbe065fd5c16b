import secrets

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def give_joining_games_a_join_link(apps, schema_editor):
    """Games whose players' phones are on already get their join link's token."""
    Game = apps.get_model("games", "Game")
    for game in Game.objects.filter(join_code__isnull=False, join_token__isnull=True):
        game.join_token = secrets.token_urlsafe(24)
        game.save(update_fields=["join_token"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_stored_scores"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
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
        migrations.CreateModel(
            name="RunningImport",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("slot", models.PositiveSmallIntegerField(unique=True)),
                ("started", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "owner",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
    ]
