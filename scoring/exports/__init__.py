"""Exports of an event as files: the standings CSV, every table as CSV (zip), XLSX, printable PDF and the
JSON archive.

Exporters know nothing of Celery: each is `write(*, event_id, out, progress=lambda pct: None)` writing to a
binary file. `scoring.queueing.export_request` creates an Export row and queues `scoring.tasks.export_run`
after commit; the task calls `export_execute`, which streams the file to a temporary file, stores it as
`Export.file`, and keeps `Export.status`/`progress`/`error` up to date for the organiser's progress bar.
This package queues nothing, so the task can import it.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Callable
from dataclasses import dataclass

from django.core.files import File
from django.utils import timezone

from scoring.exports.archive import event_archive_write
from scoring.exports.flat import write_csv, write_standings_csv, write_xlsx
from scoring.exports.pdf import write_pdf
from scoring.models import Export

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Exporter:
    """A registry entry: `write(*, event_id, out, progress)` and how to name and serve the file."""

    kind: str
    extension: str
    content_type: str
    write: Callable


EXPORTERS: dict[str, Exporter] = {
    e.kind: e
    for e in (
        Exporter(Export.Kind.CSV, "csv", "text/csv", write_standings_csv),
        Exporter(Export.Kind.CSV_ALL, "csv.zip", "application/zip", write_csv),
        Exporter(
            Export.Kind.XLSX, "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", write_xlsx
        ),
        Exporter(Export.Kind.PDF, "pdf", "application/pdf", write_pdf),
        Exporter(Export.Kind.JSON, "json", "application/json", event_archive_write),
    )
}


class ExportError(ValueError):
    """A user error when asking for an export (translated)."""


def export_execute(*, export_id: int, progress: Callable[[int], None] = lambda pct: None) -> dict:
    """Write the export's file and record the outcome on the row; returns {"export_id", "status", "file"}.

    Runs again cleanly (a retried or redelivered task rewrites the file). A failure is stored as
    status "failed" with the error's message, not raised: the organiser sees it on the export page."""
    export = Export.objects.select_related("event__club").filter(pk=export_id).first()
    if export is None:
        return {"export_id": export_id, "status": "missing", "file": None}
    exporter = EXPORTERS[export.kind]
    Export.objects.filter(pk=export_id).update(status=Export.Status.RUNNING, progress=0, error="")
    last = {"pct": 0}

    def report(pct: int) -> None:
        pct = max(0, min(100, int(pct)))
        if pct > last["pct"]:
            last["pct"] = pct
            Export.objects.filter(pk=export_id).update(progress=pct)
            progress(pct)

    event = export.event
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
    name = f"{event.club.slug}-{event.slug}-{stamp}.{exporter.extension}"
    try:
        with tempfile.TemporaryFile() as scratch:
            exporter.write(event_id=event.pk, out=scratch, progress=report)
            scratch.seek(0)
            if export.file:
                export.file.delete(save=False)
            export.file.save(name, File(scratch, name=name), save=False)
    except Exception as exc:  # any failure of one export is reported on its row, never left "running"
        logger.exception("Export %s (%s) failed", export_id, export.kind)
        Export.objects.filter(pk=export_id).update(
            status=Export.Status.FAILED, error=f"{exc.__class__.__name__}: {exc}"[:2000], finished_at=timezone.now()
        )
        return {"export_id": export_id, "status": Export.Status.FAILED, "file": None}
    Export.objects.filter(pk=export_id).update(
        status=Export.Status.DONE, progress=100, file=export.file.name, finished_at=timezone.now()
    )
    return {"export_id": export_id, "status": Export.Status.DONE, "file": export.file.name}
