"""Reading an event archive: storing its rows (`insert`, one statement per model, archived moments kept) and
naming the row a database constraint or a model refuses."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, models, transaction
from django.utils.translation import gettext as _

from scoring.exports.archive.read.values import STAMPED_FIELDS, Reader, fail
from scoring.exports.archive.schema import ArchiveError
from scoring.models import SheetChange


def at(obj: models.Model, path: str) -> models.Model:
    """Remember where in the archive a row comes from, to name it if the database refuses it."""
    obj._archive_path = path
    return obj


def insert(model: type[models.Model], objs: list) -> None:
    """bulk_create in a savepoint; when a database constraint refuses a row, name that row's path."""
    # Django stamps auto_now(_add) fields with "now" on insert; the archived moments are written back after.
    # (Switching the fields' flags off instead would also switch them off for a concurrent request.)
    stamped = [name for m, name in STAMPED_FIELDS if m is model]
    archived = [[getattr(obj, name) for name in stamped] for obj in objs] if stamped else []
    try:
        with transaction.atomic():
            model.objects.bulk_create(objs, batch_size=2000)
    except IntegrityError as exc:
        raise _row_at_fault(model, objs, exc) from None
    if stamped and objs:
        for obj, values in zip(objs, archived, strict=True):
            for name, value in zip(stamped, values, strict=True):
                setattr(obj, name, value)
        _write_moments(model, objs, stamped)


def _write_moments(model: type[models.Model], objs: list, names: list[str]) -> None:
    """UPDATE ... FROM (VALUES ...): one statement per 1000 rows (bulk_update's CASE took minutes for 7000 deals)."""
    if connection.vendor != "postgresql":
        # The casts below are PostgreSQL's; SQLite (the demo) has small evenings, where bulk_update is quick enough.
        model.objects.bulk_update(objs, names, batch_size=500)
        return
    qn = connection.ops.quote_name
    columns = [model._meta.get_field(name).column for name in names]
    assignments = ", ".join(f"{qn(c)} = v.{qn(c)}" for c in columns)
    casts = ", ".join(["%s::bigint", *["%s::timestamptz"] * len(columns)])
    for start in range(0, len(objs), 1000):
        batch = objs[start : start + 1000]
        rows = ", ".join([f"({casts})"] * len(batch))
        params = [value for obj in batch for value in (obj.pk, *(getattr(obj, name) for name in names))]
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {qn(model._meta.db_table)} AS t SET {assignments} FROM (VALUES {rows}) "
                f"AS v(id, {', '.join(qn(c) for c in columns)}) WHERE t.{qn(model._meta.pk.column)} = v.id",
                params,
            )


def _row_at_fault(model: type[models.Model], objs: list, exc: IntegrityError) -> ArchiveError:
    """The first row that repeats a unique key of another, or breaks a check constraint."""
    uniques = [c.fields for c in model._meta.constraints if isinstance(c, models.UniqueConstraint) and c.fields]
    uniques += [tuple(u) for u in model._meta.unique_together]
    for fields in uniques:
        attnames = [model._meta.get_field(f).attname for f in fields]
        seen = {}
        for obj in objs:
            key = tuple(getattr(obj, a) for a in attnames)
            if key in seen:
                return fail(
                    obj._archive_path,
                    _("repeats %(fields)s of %(other)s.")
                    % {"fields": ", ".join(fields), "other": seen[key]._archive_path},
                )
            seen[key] = obj
    for obj in objs:
        for constraint in model._meta.constraints:
            if isinstance(constraint, models.CheckConstraint):
                try:
                    constraint.validate(model, obj)
                except ValidationError as error:
                    return fail(obj._archive_path, " ".join(error.messages))
    path = objs[0]._archive_path.rsplit("[", 1)[0] if objs else "archive"
    return fail(path, _("the database refused a row: %(error)s") % {"error": str(exc).splitlines()[0]})


def validation_failed(exc: ValidationError, path: str) -> ArchiveError:
    """A model's own refusal, with the path of the field it names when it names one."""
    if hasattr(exc, "error_dict"):
        field, errors = next(iter(exc.message_dict.items()))
        where = path if field == "__all__" else f"{path}.{field}"
        return fail(where, " ".join(errors))
    return fail(path, " ".join(exc.messages))


def author(r: Reader, item: dict, key: str, path: str) -> str:
    """An archived author, kept as text for the history: never looked up among this installation's users."""
    name = r.ref(item, key, str, path, null=True) or ""
    limit = SheetChange._meta.get_field("imported_author").max_length
    if len(name) > limit:
        raise fail(
            f"{path}.{key}", _("must have at most %(max)s characters; got %(got)s.") % {"max": limit, "got": len(name)}
        )
    return name
