"""A deal write's rows in one statement: PostgreSQL's data-modifying CTEs.

A table link's deal create stores three rows (the deal, the history row, the sheet's new version and
cached result); through `save()` they are three round trips and three times the ORM's SQL building, on
the request every phone makes all evening. Here they go as one statement, built from the same model
instances with the same field preparation as `save()` (auto_now stamps, JSON adaptation): `save_together`
inside the caller's transaction and under its sheet lock, or `save_if_unchanged` with no lock and no
transaction at all, guarded by what the caller read (the phone's deal through its card). Nothing listens to
these models' save signals.
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Field, Model

from scoring.models import SheetChange


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


def save_if_unchanged(
    *, inserts: list[Model], update: Model, update_fields: list[str], expected: dict[str, Any], unseen_client_id: str
) -> bool:
    """`save_together` without a lock held: update `update` only while its columns are still `expected`
    (what the caller read) and its history has no change with `unseen_client_id`, and insert `inserts` only
    if it did, all in one statement (its own transaction in autocommit). False, with nothing written, when the
    row had moved on: the caller then takes the locked path. `update` must be a sheet (the history it asks is
    SheetChange's). PostgreSQL only."""
    qn = connection.ops.quote_name
    meta = update._meta
    changed = [_concrete(update, name) for name in update_fields]
    params: list[Any] = [f.get_db_prep_save(f.pre_save(update, False), connection) for f in changed]
    guards = [f"{qn(_column(_concrete(update, name)))} = %s" for name in expected]
    params.extend([update.pk, *expected.values(), update.pk, unseen_client_id])
    history = SheetChange._meta
    ctes = [
        f"u AS (UPDATE {qn(meta.db_table)} SET {', '.join(f'{qn(_column(f))} = %s' for f in changed)} "
        f"WHERE {qn(_column(meta.pk))} = %s AND {' AND '.join(guards)} AND NOT EXISTS (SELECT 1 FROM "
        f"{qn(history.db_table)} c WHERE c.sheet_id = %s AND c.client_id = %s) RETURNING {qn(_column(meta.pk))})"
    ]
    for n, obj in enumerate(inserts):
        fields = [f for f in obj._meta.concrete_fields if not f.primary_key]
        ctes.append(
            f"i{n} AS (INSERT INTO {qn(obj._meta.db_table)} ({', '.join(qn(_column(f)) for f in fields)}) "
            f"SELECT {', '.join(['%s'] * len(fields))} FROM u RETURNING {qn(_column(obj._meta.pk))})"
        )
        params.extend(f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields)
    returning = ", ".join(f"(SELECT {qn(_column(obj._meta.pk))} FROM i{n})" for n, obj in enumerate(inserts))
    with connection.cursor() as cursor:
        cursor.execute(f"WITH {', '.join(ctes)} SELECT {returning}", params)
        row = cursor.fetchone()
    if row is None or row[0] is None:
        return False
    for obj, pk in zip(inserts, row, strict=True):
        obj.pk = pk
        obj._state.adding = False
        obj._state.db = connection.alias
    return True
