"""The wrong passwords, join codes and sign-ups kept from IPv6 addresses are counted by their /64
network from now on (accounts.models.counted_address): the rows kept the old way, for the rest of
their window, are rewritten to the network's first address, so that they still count."""

import ipaddress

from django.db import migrations


def by_network(text):
    address = ipaddress.ip_address(text)
    if address.version == 4:
        return text
    if address.ipv4_mapped:
        return str(address.ipv4_mapped)
    return str(ipaddress.IPv6Address(int(address) >> 64 << 64))


def count_by_network(apps, schema_editor):
    for name in ("FailedLogin", "SignUp"):
        rows = apps.get_model("accounts", name).objects.filter(address__contains=":")
        for row in rows:
            row.address = by_network(row.address)
            row.save(update_fields=["address"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(count_by_network, migrations.RunPython.noop, elidable=True),
    ]
