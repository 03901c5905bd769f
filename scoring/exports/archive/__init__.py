"""The JSON archive of a whole event, and reading it back into an identical event.

Three parts share the work: `schema` (the one list of archived fields per model, and what is left
out and why), `write` (`event_archive_write`, `event_archive`) and the `read` package
(`event_archive_load`, `event_archive_import`, which validate everything and store all or nothing; one
reader per part of the archive in `read.parts`; `read.restore`: `event_archive_restore`, an event's own
archive put back in its place, as a backup). This module keeps the names callers import.
"""

from scoring.exports.archive.read import event_archive_import, event_archive_load
from scoring.exports.archive.read.restore import (
    archive_counts,
    archive_identity_refusal,
    event_archive_restore,
    event_counts,
)
from scoring.exports.archive.schema import FORMAT, FORMAT_VERSION, ArchiveError
from scoring.exports.archive.write import event_archive, event_archive_write

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "ArchiveError",
    "archive_counts",
    "archive_identity_refusal",
    "event_archive",
    "event_archive_import",
    "event_archive_load",
    "event_archive_restore",
    "event_archive_write",
    "event_counts",
]
