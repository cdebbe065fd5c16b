"""A game night is now the evening at the table (noon to noon in its time zone), not the calendar
day its first game started on. Nights made before this were dated by the calendar day in the
TIME_ZONE setting's zone, so the games of one evening that went past midnight were split over two
nights, and an evening in America that began after midnight UTC was dated the next day.

Each night the app made by itself (dated the day it was made, its first game started with it)
and made before noon is dated the evening before, as the new rule dates it; when the owner
already has a night that evening, the night's games join it and the emptied night goes, unless
it has a place or notes of its own (then both stay, on the same date). Nights given a date by a
person (the night's page, the API, an import) keep it. The zone is the TIME_ZONE setting's, the
only one the old code knew (docs/nights.md).
"""

from datetime import timedelta

from django.db import migrations, models
from django.utils import timezone

NIGHT_STARTS_AT_HOUR = 12  # as games.models had it when this migration was written
# A night made by the app is created with its first game, in one request.
MADE_WITH_ITS_FIRST_GAME = timedelta(minutes=1)


def evening_nights(apps, schema_editor):
    GameNight = apps.get_model("games", "GameNight")
    Game = apps.get_model("games", "Game")
    zone = timezone.get_default_timezone()
    for night in list(GameNight.objects.order_by("created", "pk")):
        made = night.created.astimezone(zone)
        if night.date != made.date() or made.hour >= NIGHT_STARTS_AT_HOUR:
            continue  # dated by a person, or already the evening's date
        first_game = Game.objects.filter(night=night).order_by("created").first()
        if first_game is None or abs(first_game.created - night.created) > (
            MADE_WITH_ITS_FIRST_GAME
        ):
            continue
        evening = night.date - timedelta(days=1)
        earlier = (
            GameNight.objects.filter(owner_id=night.owner_id, date=evening)
            .exclude(pk=night.pk)
            .order_by("created", "pk")
            .first()
        )
        if earlier is not None and not night.location and not night.notes:
            Game.objects.filter(night=night).update(night=earlier)
            night.delete()
        else:
            night.date = evening
            night.save(update_fields=["date"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_sign_up"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamenight",
            name="utc_offset",
            field=models.SmallIntegerField(blank=True, editable=False, null=True),
        ),
        migrations.RunPython(evening_nights, migrations.RunPython.noop),
    ]
