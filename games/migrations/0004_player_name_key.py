from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_rescore_games_under_corrected_rules"),
    ]

    # The old key (the database's lower()) goes first: normalising names may briefly give two
    # rows one lower() while the data migration renumbers them.
    operations = [
        migrations.RemoveConstraint(
            model_name="player",
            name="player_name_unique_per_owner",
        ),
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=120),
            preserve_default=False,
        ),
    ]
