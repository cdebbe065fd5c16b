from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_normalise_player_names"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="player",
            options={"ordering": ["name_key", "pk"]},
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("owner", "name_key"), name="player_name_key_unique"
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.CheckConstraint(
                condition=models.Q(("name_key", ""), _negated=True), name="player_key_not_empty"
            ),
        ),
    ]
