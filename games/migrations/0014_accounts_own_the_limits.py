"""The wrong passwords and sign-ups are the accounts app's now (accounts' 0001 took the same
tables): the games app lets go of them, and nothing in the database changes. And a player goes
only with the games they sat in (RESTRICT, not PROTECT), so that deleting an account deletes
everything it owns in one go."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_ratings"),
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="FailedLogin"),
                migrations.DeleteModel(name="SignUp"),
            ],
            database_operations=[],
        ),
        migrations.AlterField(
            model_name="game",
            name="first_dealer",
            field=models.ForeignKey(on_delete=django.db.models.deletion.RESTRICT, related_name="+", to="games.player"),
        ),
        migrations.AlterField(
            model_name="seat",
            name="player",
            field=models.ForeignKey(on_delete=django.db.models.deletion.RESTRICT, related_name="seats", to="games.player"),
        ),
    ]
