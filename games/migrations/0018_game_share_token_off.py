"""A watch link turned off keeps its token on the game, so that it can be turned back on the same
(the link sent round the table works again) until a new link is made."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0017_players_in_alphabetical_order"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="share_token_off",
            field=models.CharField(blank=True, default="", editable=False, max_length=43),
            preserve_default=False,
        ),
    ]
