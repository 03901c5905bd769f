"""A deal write's rows in one statement: PostgreSQL's data-modifying CTEs.

A table link's deal create stores three rows (the deal, the history row, the sheet's new version and
cached result); through `save()` they are three round trips and three times the ORM's SQL building, on
the request every phone makes all evening. Here they go as one statement, built from the same model
instances with the same field preparation as `save()` (auto_now stamps, JSON adaptation), inside the
caller's transaction and under its sheet lock. Nothing listens to these models' save signals.
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Field, Model


def save_together(*, inserts: list[Model], update: Model, update_fields: list[str]) -> None:
    """Insert the unsaved `inserts` and update `update_fields` of `update`, as `save()` would, in one
    statement; sets each inserted instance's primary key. PostgreSQL only."""
    qn = connection.ops.quote_name
    ctes: list[str] = []
    params: list[Any] = []
    for n, obj in enumerate(inserts):
        meta = obj._meta
        fields = [f for f in meta.concrete_fields if not f.primary_key]
        ctes.append(
            f"i{n} AS (INSERT INTO {qn(meta.db_table)} ({', '.join(qn(_column(f)) for f in fields)}) "
            f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {qn(_column(meta.pk))})"
        )
        params.extend(f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields)
    meta = update._meta
    changed = [_concrete(update, name) for name in update_fields]
    params.extend(f.get_db_prep_save(f.pre_save(update, False), connection) for f in changed)
    params.append(update.pk)
    returning = ", ".join(f"(SELECT {qn(_column(obj._meta.pk))} FROM i{n})" for n, obj in enumerate(inserts))
    sql = (
        f"WITH {', '.join(ctes)} UPDATE {qn(meta.db_table)} SET "
        f"{', '.join(f'{qn(_column(f))} = %s' for f in changed)} WHERE {qn(_column(meta.pk))} = %s "
        f"RETURNING {returning}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        # The caller holds the row's lock, so it cannot be gone; refuse loudly rather than half-write.
        raise RuntimeError(f"{meta.label} {update.pk} vanished under its lock")
    for obj, pk in zip(inserts, row, strict=True):
        obj.pk = pk
        obj._state.adding = False
        obj._state.db = connection.alias


def _concrete(obj: Model, name: str) -> Field[Any, Any]:
    field = obj._meta.get_field(name)
    assert isinstance(field, Field)  # update_fields name the model's own fields, never a reverse relation
    return field


def _column(field: Field[Any, Any] | None) -> str:
    # The stubs allow no pk and no column (for fields without one); a concrete field always has both.
    assert field is not None and field.column is not None
    return field.column
