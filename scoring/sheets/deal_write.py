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
    ctes, params = _insert_ctes(inserts, "VALUES ({})")
    set_sql, set_params = _set_list(update, update_fields)
    meta = update._meta
    sql = (
        f"WITH {', '.join(ctes)} UPDATE {_qn(meta.db_table)} SET {set_sql} WHERE {_qn(_column(meta.pk))} = %s "
        f"RETURNING {_returning(inserts)}"
    )
    row = _run(sql, [*params, *set_params, update.pk])
    if row is None:
        # The caller holds the row's lock, so it cannot be gone; refuse loudly rather than half-write.
        raise RuntimeError(f"{meta.label} {update.pk} vanished under its lock")
    _saved(inserts, row)


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
    meta = update._meta
    set_sql, params = _set_list(update, update_fields)
    guards = " AND ".join(f"{_qn(_column(_concrete(update, name)))} = %s" for name in expected)
    params.extend([update.pk, *expected.values(), update.pk, unseen_client_id])
    # The inserts take their one row from the update's: none when the guard kept the sheet as it was.
    ctes, insert_params = _insert_ctes(inserts, "SELECT {} FROM u")
    update_cte = (
        f"u AS (UPDATE {_qn(meta.db_table)} SET {set_sql} WHERE {_qn(_column(meta.pk))} = %s AND {guards} "
        f"AND NOT EXISTS (SELECT 1 FROM {_qn(SheetChange._meta.db_table)} c WHERE c.sheet_id = %s "
        f"AND c.client_id = %s) RETURNING {_qn(_column(meta.pk))})"
    )
    row = _run(f"WITH {', '.join([update_cte, *ctes])} SELECT {_returning(inserts)}", [*params, *insert_params])
    if row is None or row[0] is None:
        return False
    _saved(inserts, row)
    return True


def _qn(name: str) -> str:
    return connection.ops.quote_name(name)


def _insert_ctes(inserts: list[Model], rows: str) -> tuple[list[str], list[Any]]:
    """One `i<n> AS (INSERT ... RETURNING pk)` per instance, its values as `rows` says (a template for the
    placeholders: "VALUES ({})" or "SELECT {} FROM u"), prepared as `save()` prepares them."""
    ctes: list[str] = []
    params: list[Any] = []
    for n, obj in enumerate(inserts):
        meta = obj._meta
        fields = [f for f in meta.concrete_fields if not f.primary_key]
        values = rows.format(", ".join(["%s"] * len(fields)))
        ctes.append(
            f"i{n} AS (INSERT INTO {_qn(meta.db_table)} ({', '.join(_qn(_column(f)) for f in fields)}) "
            f"{values} RETURNING {_qn(_column(meta.pk))})"
        )
        params.extend(f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields)
    return ctes, params


def _set_list(update: Model, update_fields: list[str]) -> tuple[str, list[Any]]:
    changed = [_concrete(update, name) for name in update_fields]
    sql = ", ".join(f"{_qn(_column(f))} = %s" for f in changed)
    return sql, [f.get_db_prep_save(f.pre_save(update, False), connection) for f in changed]


def _returning(inserts: list[Model]) -> str:
    return ", ".join(f"(SELECT {_qn(_column(obj._meta.pk))} FROM i{n})" for n, obj in enumerate(inserts))


def _run(sql: str, params: list[Any]) -> tuple[Any, ...] | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row: tuple[Any, ...] | None = cursor.fetchone()
    return row


def _saved(inserts: list[Model], pks: tuple[Any, ...]) -> None:
    """Each inserted instance as `save()` leaves it: its primary key, saved to this database."""
    for obj, pk in zip(inserts, pks, strict=True):
        obj.pk = pk
        obj._state.adding = False
        obj._state.db = connection.alias
