"""Each table card gets a short code's four digits (typed at /c/ by a phone that cannot scan), unique among
the active cards of one table number and side; the wrong codes typed are counted by client address."""

import secrets

import django.utils.timezone
from django.db import migrations, models


def give_codes(apps, schema_editor):
    """Digits for every card: the active ones unique per table number and side; a revoked card keeps
    digits too (the check constraint wants four), which open nothing."""
    TableCard = apps.get_model("scoring", "TableCard")
    used: dict[tuple[int, str], set[str]] = {}
    cards = list(TableCard.objects.order_by("pk"))
    for card in cards:
        taken = used.setdefault((card.table_number, card.side), set()) if card.revoked_at is None else set()
        while (code := f"{secrets.randbelow(10_000):04d}") in taken:
            pass
        taken.add(code)
        card.code = code
    TableCard.objects.bulk_update(cards, ["code"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0012_undo_sides_swapped"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablecard",
            name="code",
            field=models.CharField(default="", editable=False, max_length=4),
            preserve_default=False,
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="tablecard",
            constraint=models.UniqueConstraint(
                condition=models.Q(("revoked_at__isnull", True)),
                fields=("table_number", "side", "code"),
                name="tablecard_code_unique_active",
            ),
        ),
        migrations.AddConstraint(
            model_name="tablecard",
            constraint=models.CheckConstraint(
                condition=models.Q(("code__regex", "^[0-9]{4}$")), name="tablecard_code_four_digits"
            ),
        ),
        migrations.CreateModel(
            name="CardCodeMiss",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("address", models.CharField(max_length=64)),
                ("missed_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
            options={
                "indexes": [models.Index(fields=["address", "missed_at"], name="cardcodemiss_address_time")],
            },
        ),
    ]
