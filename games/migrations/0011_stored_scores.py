"""Every round keeps what the rules made of it (status, dealer, points, totals, notes, the
engine's state after it) and every game the version of the rules that scored it: here every
saved game is scored once, by the rules as they now read, and its rounds keep the result."""

from django.db import migrations, models


def score_every_game(apps, schema_editor):
    from games.rescoring import rescore_games

    rescore_games(apps)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0010_kind_choices_from_registry'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='problem',
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name='game',
            name='rules_version',
            field=models.PositiveSmallIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name='round',
            name='dealer',
            field=models.IntegerField(default=0),
        ),
        migrations.AddField(
            model_name='round',
            name='notes',
            field=models.JSONField(default=list),
        ),
        migrations.AddField(
            model_name='round',
            name='results',
            field=models.JSONField(default=list),
        ),
        migrations.AddField(
            model_name='round',
            name='state',
            field=models.JSONField(default=dict),
        ),
        migrations.AlterField(
            model_name='round',
            name='status',
            field=models.CharField(choices=[('open', 'open'), ('complete', 'complete'), ('unscored', 'unscored')], max_length=8),
        ),
        migrations.RunPython(score_every_game, migrations.RunPython.noop),
    ]
