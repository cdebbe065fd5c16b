"""The wrong passwords and sign-ups counted to limit them move from the games app to accounts:
the same tables (games_failedlogin, games_signup), now the accounts app's models. Nothing in the
database changes; games' 0014 lets go of them."""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("games", "0013_ratings"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="FailedLogin",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("username", models.CharField(max_length=150)),
                        ("address", models.GenericIPAddressField(blank=True, null=True)),
                        ("at", models.DateTimeField(default=django.utils.timezone.now)),
                    ],
                    options={
                        "db_table": "games_failedlogin",
                        "indexes": [models.Index(fields=["address", "at"], name="failed_login_address_at")],
                    },
                ),
                migrations.CreateModel(
                    name="SignUp",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("address", models.GenericIPAddressField(blank=True, null=True)),
                        ("at", models.DateTimeField(default=django.utils.timezone.now)),
                    ],
                    options={
                        "db_table": "games_signup",
                        "indexes": [models.Index(fields=["address", "at"], name="sign_up_address_at")],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
