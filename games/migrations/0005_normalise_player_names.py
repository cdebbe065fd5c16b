"""Names saved before normalising: each is normalised (NFKC, no invisible or direction-control
characters, whitespace collapsed) and given its key. When two of an owner's players become one
name, the earlier keeps it and each later one gets a number, "Émile (2)": nothing is merged
without the owner (the players page merges them), and nobody's games change.
"""

import unicodedata

from django.db import migrations

NAME_MAX_LENGTH = 40
UNNAMED = "Unnamed player"  # for a name made only of invisible characters


# As games.models.normal_name and name_key were when this migration was written.
JOINERS = "\u200c\u200d"
KEPT_FORMAT = {*JOINERS, *map(chr, range(0xE0020, 0xE0080))}


def normal_name(value):
    visible = "".join(
        ch
        for ch in value
        if unicodedata.category(ch) not in ("Cc", "Cs")
        and (unicodedata.category(ch) != "Cf" or ch in KEPT_FORMAT)
    )
    words = unicodedata.normalize("NFKC", visible).split()
    name = " ".join(word.strip(JOINERS) for word in words if word.strip(JOINERS))
    name = name[:NAME_MAX_LENGTH].strip()
    if not any(unicodedata.category(ch) != "Cf" for ch in name):
        return UNNAMED
    return name


def name_key(name):
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return "".join(ch for ch in folded if ch not in JOINERS)


def numbered(name, number):
    suffix = f" ({number})"
    return name[: NAME_MAX_LENGTH - len(suffix)].rstrip() + suffix


def normalise_names(apps, schema_editor):
    Player = apps.get_model("games", "Player")
    taken = {}  # owner id -> keys in use
    changed = []
    for player in Player.objects.order_by("owner_id", "created", "pk"):
        keys = taken.setdefault(player.owner_id, set())
        name = normal_name(player.name)
        number = 1
        candidate = name
        while name_key(candidate) in keys:
            number += 1
            candidate = numbered(name, number)
        keys.add(name_key(candidate))
        player.name = candidate
        player.name_key = name_key(candidate)
        changed.append(player)
    Player.objects.bulk_update(changed, ["name", "name_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_player_name_key"),
    ]

    operations = [
        migrations.RunPython(normalise_names, migrations.RunPython.noop),
    ]
