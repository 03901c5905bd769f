"""A deal write's rows in one statement: PostgreSQL's data-modifying CTEs.

A table link's deal create stores three rows (the deal, the history row, the sheet's new version and
cached result); through `save()` they are three round trips and three times the ORM's SQL building, on
the request every phone makes all evening. Here they go as one statement, built from the same model
instances with the same field preparation as `save()` (auto_now stamps, JSON adaptation): `save_together`
inside the caller's transaction and under its sheet lock, or `save_if_unchanged` with no lock and no
transaction at all, guarded by what the caller read (the phone's deal through its card). Nothing listens to
these models' save signals. The statements' text depends only on the models and fields named, so it is
built once per shape (quoting forty column names a deal was a tenth of the write).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Field, Model

from scoring.models import SheetChange


def save_together(*, inserts: list[Model], update: Model, update_fields: list[str]) -> None:
    """Insert the unsaved `inserts` and update `update_fields` of `update`, as `save()` would, in one
    statement; sets each inserted instance's primary key. PostgreSQL only."""
    sql = _together_sql(_models(inserts), type(update), tuple(update_fields))
    row = _run(sql, [*_insert_params(inserts), *_set_params(update, update_fields), update.pk])
    if row is None:
        # The caller holds the row's lock, so it cannot be gone; refuse loudly rather than half-write.
        raise RuntimeError(f"{update._meta.label} {update.pk} vanished under its lock")
    _saved(inserts, row)


def save_if_unchanged(
    *, inserts: list[Model], update: Model, update_fields: list[str], expected: dict[str, Any], unseen_client_id: str
) -> bool:
    """`save_together` without a lock held: update `update` only while its columns are still `expected`
    (what the caller read) and its history has no change with `unseen_client_id`, and insert `inserts` only
    if it did, all in one statement (its own transaction in autocommit). False, with nothing written, when the
    row had moved on: the caller then takes the locked path. `update` must be a sheet (the history it asks is
    SheetChange's). PostgreSQL only."""
    sql = _unchanged_sql(_models(inserts), type(update), tuple(update_fields), tuple(expected))
    params = [
        *_set_params(update, update_fields),
        update.pk,
        *expected.values(),
        update.pk,
        unseen_client_id,
        *_insert_params(inserts),
    ]
    row = _run(sql, params)
    if row is None or row[0] is None:
        return False
    _saved(inserts, row)
    return True


# --- the statements' text, built once per shape (it depends only on the models and the fields named) ----


def _models(inserts: list[Model]) -> tuple[type[Model], ...]:
    return tuple(type(obj) for obj in inserts)


@cache
def _together_sql(inserts: tuple[type[Model], ...], update: type[Model], update_fields: tuple[str, ...]) -> str:
    meta = update._meta
    return (
        f"WITH {', '.join(_insert_ctes(inserts, 'VALUES ({})'))} UPDATE {_qn(meta.db_table)} "
        f"SET {_set_list(update, update_fields)} WHERE {_qn(_column(meta.pk))} = %s RETURNING {_returning(inserts)}"
    )


@cache
def _unchanged_sql(
    inserts: tuple[type[Model], ...], update: type[Model], update_fields: tuple[str, ...], expected: tuple[str, ...]
) -> str:
    meta = update._meta
    guards = " AND ".join(f"{_qn(_column(_concrete(update, name)))} = %s" for name in expected)
    update_cte = (
        f"u AS (UPDATE {_qn(meta.db_table)} SET {_set_list(update, update_fields)} "
        f"WHERE {_qn(_column(meta.pk))} = %s AND {guards} "
        f"AND NOT EXISTS (SELECT 1 FROM {_qn(SheetChange._meta.db_table)} c WHERE c.sheet_id = %s "
        f"AND c.client_id = %s) RETURNING {_qn(_column(meta.pk))})"
    )
    # The inserts take their one row from the update's: none when the guard kept the sheet as it was.
    ctes = _insert_ctes(inserts, "SELECT {} FROM u")
    return f"WITH {', '.join([update_cte, *ctes])} SELECT {_returning(inserts)}"


def _concrete(model: type[Model], name: str) -> Field[Any, Any]:
    field = model._meta.get_field(name)
    assert isinstance(field, Field)  # update_fields name the model's own fields, never a reverse relation
    return field


def _column(field: Field[Any, Any] | None) -> str:
    # The stubs allow no pk and no column (for fields without one); a concrete field always has both.
    assert field is not None and field.column is not None
    return field.column


def _qn(name: str) -> str:
    return connection.ops.quote_name(name)


@cache
def _insert_fields(model: type[Model]) -> tuple[Field[Any, Any], ...]:
    return tuple(f for f in model._meta.concrete_fields if not f.primary_key)


def _insert_ctes(inserts: tuple[type[Model], ...], rows: str) -> list[str]:
    """One `i<n> AS (INSERT ... RETURNING pk)` per model, its values as `rows` says (a template for the
    placeholders: "VALUES ({})" or "SELECT {} FROM u")."""
    ctes = []
    for n, model in enumerate(inserts):
        fields = _insert_fields(model)
        values = rows.format(", ".join(["%s"] * len(fields)))
        ctes.append(
            f"i{n} AS (INSERT INTO {_qn(model._meta.db_table)} ({', '.join(_qn(_column(f)) for f in fields)}) "
            f"{values} RETURNING {_qn(_column(model._meta.pk))})"
        )
    return ctes


def _insert_params(inserts: list[Model]) -> list[Any]:
    """The inserted rows' values, prepared as `save()` prepares them (auto_now stamps, JSON adaptation)."""
    return [f.get_db_prep_save(f.pre_save(obj, True), connection) for obj in inserts for f in _insert_fields(type(obj))]


def _set_list(update: type[Model], update_fields: tuple[str, ...]) -> str:
    return ", ".join(f"{_qn(_column(_concrete(update, name)))} = %s" for name in update_fields)


def _set_params(update: Model, update_fields: list[str]) -> list[Any]:
    fields = [_concrete(type(update), name) for name in update_fields]
    return [f.get_db_prep_save(f.pre_save(update, False), connection) for f in fields]


def _returning(inserts: tuple[type[Model], ...]) -> str:
    return ", ".join(f"(SELECT {_qn(_column(model._meta.pk))} FROM i{n})" for n, model in enumerate(inserts))


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
