"""Written-out joins for the reads every phone makes all evening (a table link's or a card's way to its
sheet): the ORM would compile the same multi-table join on each request, which cost more CPU than running
it. The columns are the models' own concrete fields, and each row becomes model instances through
`from_db`, as the ORM's own rows do."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Field, Model


def model_columns(parts: list[tuple[type[Model], str]]) -> tuple[str, list[list[Field[Any, Any]]]]:
    """The SELECT list of every concrete field of each (model, table alias), primary key first (so a row
    whose outer join found nothing reads None there), and the fields in that order."""
    fields: list[list[Field[Any, Any]]] = []
    for model, _alias in parts:
        concrete = list(model._meta.concrete_fields)
        fields.append([f for f in concrete if f.primary_key] + [f for f in concrete if not f.primary_key])
    columns = ", ".join(
        f'{alias}."{f.column}"' for (_model, alias), m_fields in zip(parts, fields, strict=True) for f in m_fields
    )
    return columns, fields


def fetch_instances(sql: str, params: list[Any], parts: list[tuple[type[Model], str]], fields) -> list | None:
    """Run `sql` (its SELECT list from `model_columns(parts)`) and return its first row as one instance per
    model (None where an outer join found nothing), or None without a row."""
    found = fetch_instances_and_rest(sql, params, parts, fields)
    return None if found is None else found[0]


def fetch_instances_and_rest(
    sql: str, params: list[Any], parts: list[tuple[type[Model], str]], fields
) -> tuple[list, tuple] | None:
    """`fetch_instances`, and the row's columns after the models' (what the SELECT list adds at its end)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    width = sum(len(m_fields) for m_fields in fields)
    return _instances(row, parts, fields), tuple(row[width:])


def _instances(row, parts: list[tuple[type[Model], str]], fields) -> list:
    objs: list[Model | None] = []
    start = 0
    for (model, _alias), m_fields in zip(parts, fields, strict=True):
        values = list(row[start : start + len(m_fields)])
        start += len(m_fields)
        for n, model_field in enumerate(m_fields):
            if values[n] is not None and hasattr(model_field, "from_db_value"):
                values[n] = model_field.from_db_value(values[n], None, connection)
        objs.append(
            None if values[0] is None else model.from_db(connection.alias, [f.attname for f in m_fields], values)
        )
    return objs
