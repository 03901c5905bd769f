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
import threading
from collections.abc import Callable
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

from django.conf import settings
from django.core.files import File
from django.db import DatabaseError, connection
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


@contextmanager
def _heartbeat(export_id: int):
    """Touch the running export's `heartbeat_at` every ATOUT_EXPORT_HEARTBEAT_SECONDS from a thread of its
    own (and its own database connection) while the export is written, so a long step between two progress
    reports never looks dead; a worker that dies takes the thread with it, and the beats stop."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(settings.ATOUT_EXPORT_HEARTBEAT_SECONDS):
                Export.objects.filter(pk=export_id, status=Export.Status.RUNNING).update(heartbeat_at=timezone.now())
        except DatabaseError:  # the database away: the sweep decides, once it is back
            logger.warning("Export %s: heartbeat stopped", export_id, exc_info=True)
        finally:
            connection.close()

    thread = threading.Thread(target=beat, name=f"export-{export_id}-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=5)


def export_execute(
    *, export_id: int, progress: Callable[[int], None] = lambda pct: None, heartbeat: bool = False
) -> dict:
    """Write the export's file and record the outcome on the row; returns {"export_id", "status", "file"}.

    Runs again cleanly (a retried or redelivered task rewrites the file). A failure is stored as
    status "failed" with the error's message, not raised: the organiser sees it on the export page. With
    `heartbeat` (a worker's run) the row is touched while it runs, so the sweep can tell a dead worker."""
    export = Export.objects.select_related("event__club").filter(pk=export_id).first()
    if export is None:
        return {"export_id": export_id, "status": "missing", "file": None}
    exporter = EXPORTERS[export.kind]
    Export.objects.filter(pk=export_id).update(
        status=Export.Status.RUNNING, progress=0, error="", heartbeat_at=timezone.now()
    )
    last = {"pct": 0}

    def report(pct: int) -> None:
        pct = max(0, min(100, int(pct)))
        if pct > last["pct"]:
            last["pct"] = pct
            Export.objects.filter(pk=export_id).update(progress=pct, heartbeat_at=timezone.now())
            progress(pct)

    event = export.event
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
    name = f"{event.club.slug}-{event.slug}-{stamp}.{exporter.extension}"
    try:
        with _heartbeat(export_id) if heartbeat else nullcontext(), tempfile.TemporaryFile() as scratch:
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
