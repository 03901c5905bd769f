"""The tables of an event: one, a range at once, change and remove."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Table
from tournaments.services.base import apply_fields, save_validated

TABLE_FIELDS = ("number", "label", "step_free")


def table_create(*, event: Event, number: int, label: str = "", step_free: bool = False) -> Table:
    if Table.objects.filter(event=event, number=number).exists():
        raise ValidationError({"number": _("Table %(number)s already exists.") % {"number": number}})
    return save_validated(Table(event=event, number=number, label=label, step_free=step_free))


def tables_create_range(*, event: Event, first: int, last: int) -> int:
    """Create tables `first`..`last` that do not exist yet, in one bulk insert. Returns how many were made."""
    if not 1 <= first <= last:
        raise ValidationError({"last": _("Give a range of table numbers from 1 up, first ≤ last.")})
    if last - first >= 1000:
        raise ValidationError({"last": _("At most 1000 tables at once.")})
    with transaction.atomic():
        Event.objects.select_for_update(of=("self",)).get(pk=event.pk)
        existing = set(Table.objects.filter(event=event).values_list("number", flat=True))
        new = [Table(event=event, number=n) for n in range(first, last + 1) if n not in existing]
        Table.objects.bulk_create(new)
    return len(new)


def table_update(*, table: Table, data: dict[str, Any]) -> Table:
    apply_fields(table, data, TABLE_FIELDS)
    if Table.objects.filter(event_id=table.event_id, number=table.number).exclude(pk=table.pk).exists():
        raise ValidationError({"number": _("Table %(number)s already exists.") % {"number": table.number}})
    return save_validated(table)


def table_delete(*, table: Table) -> None:
    table.delete()
