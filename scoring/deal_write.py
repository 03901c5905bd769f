"""A deal write's rows in one statement: PostgreSQL's data-modifying CTEs.

A table link's deal create stores three rows (the deal, the history row, the sheet's new version and
cached result); through `save()` they are three round trips and three times the ORM's SQL building, on
the request every phone makes all evening. Here they go as one statement, built from the same model
instances with the same field preparation as `save()` (auto_now stamps, JSON adaptation), inside the
caller's transaction and under its sheet lock. Nothing listens to these models' save signals.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Model


def save_together(*, inserts: list[Model], update: Model, update_fields: list[str]) -> None:
    """Insert the unsaved `inserts` and update `update_fields` of `update`, as `save()` would, in one
    statement; sets each inserted instance's primary key. PostgreSQL only."""
    qn = connection.ops.quote_name
    ctes, params = [], []
    for n, obj in enumerate(inserts):
        meta = obj._meta
        fields = [f for f in meta.concrete_fields if not f.primary_key]
        ctes.append(
            f"i{n} AS (INSERT INTO {qn(meta.db_table)} ({', '.join(qn(f.column) for f in fields)}) "
            f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {qn(meta.pk.column)})"
        )
        params.extend(f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields)
    meta = update._meta
    fields = [meta.get_field(name) for name in update_fields]
    params.extend(f.get_db_prep_save(f.pre_save(update, False), connection) for f in fields)
    params.append(update.pk)
    returning = ", ".join(f"(SELECT {qn(obj._meta.pk.column)} FROM i{n})" for n, obj in enumerate(inserts))
    sql = (
        f"WITH {', '.join(ctes)} UPDATE {qn(meta.db_table)} SET "
        f"{', '.join(f'{qn(f.column)} = %s' for f in fields)} WHERE {qn(meta.pk.column)} = %s "
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
