"""The players' skill ratings (games/ratings.py): their tables, and the ratings of the games
already finished, worked out by the code as it reads now, as an import of them would."""

import django.db.models.deletion
from django.db import migrations, models


def rate_finished_games(apps, schema_editor):
    from games.ratings import recompute

    Game = apps.get_model("games", "Game")
    finished = Game.objects.filter(finished_at__isnull=False).order_by("owner_id", "kind")
    kinds_of = {}
    for owner_id, kind in finished.values_list("owner_id", "kind").distinct():
        kinds_of.setdefault(owner_id, []).append(kind)
    for owner_id, kinds in kinds_of.items():
        recompute(owner_id, kinds, apps)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0012_hardening'),
    ]

    operations = [
        migrations.CreateModel(
            name='Rating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(max_length=20)),
                ('mu', models.FloatField()),
                ('sigma', models.FloatField()),
                ('ordinal', models.FloatField()),
                ('change', models.FloatField()),
                ('games', models.PositiveIntegerField()),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='games.player')),
            ],
            options={
                'ordering': ['kind', '-ordinal', 'pk'],
                'constraints': [models.UniqueConstraint(fields=('player', 'kind'), name='rating_player_kind_unique')],
            },
        ),
        migrations.CreateModel(
            name='RatingStep',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(max_length=20)),
                ('sequence', models.PositiveIntegerField()),
                ('team', models.CharField(blank=True, max_length=1)),
                ('rank', models.PositiveSmallIntegerField()),
                ('mu', models.FloatField()),
                ('sigma', models.FloatField()),
                ('ordinal', models.FloatField()),
                ('change', models.FloatField()),
                ('games', models.PositiveIntegerField()),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_steps', to='games.game')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_steps', to='games.player')),
            ],
            options={
                'ordering': ['kind', 'sequence', 'pk'],
                'indexes': [models.Index(fields=['player', 'kind', 'sequence'], name='rating_step_player_kind')],
                'constraints': [models.UniqueConstraint(fields=('game', 'player'), name='rating_step_unique')],
            },
        ),
        migrations.RunPython(rate_finished_games, migrations.RunPython.noop),
    ]
