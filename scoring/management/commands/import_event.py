"""`python manage.py import_event FILE [--club SLUG] [--event-slug SLUG]`: read a JSON event archive back."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from scoring.exports.archive import ArchiveError, event_archive_import, event_archive_load


class Command(BaseCommand):
    help = "Import an event from an Atout JSON archive (new ids; all or nothing)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the archive (.json) written by the JSON export")
        parser.add_argument(
            "--club",
            dest="club_slug",
            help="short name of the club to import into (default: the archive's club; created if missing)",
        )
        parser.add_argument(
            "--event-slug", dest="event_slug", help="short name for the imported event (default: the archived one)"
        )

    def handle(self, *args, file, club_slug=None, event_slug=None, **options):
        path = Path(file)
        try:
            size = path.stat().st_size
            if size > settings.ARCHIVE_MAX_BYTES:  # refuse before reading a huge file into memory
                raise CommandError(
                    gettext(
                        "%(path)s: the file has %(size)d bytes; an archive may have at most %(max)d (setting "
                        "ARCHIVE_MAX_BYTES). Nothing was imported."
                    )
                    % {"path": path, "size": size, "max": settings.ARCHIVE_MAX_BYTES}
                )
            raw = path.read_bytes()
        except OSError as exc:
            raise CommandError(
                gettext("Cannot read %(path)s: %(error)s") % {"path": path, "error": exc.strerror or exc}
            ) from None
        try:
            data = event_archive_load(raw)
            event = event_archive_import(data=data, club_slug=club_slug, event_slug=event_slug)
        except ArchiveError as exc:
            raise CommandError(
                gettext("%(path)s: %(error)s Nothing was imported.") % {"path": path, "error": exc}
            ) from None
        self.stdout.write(
            self.style.SUCCESS(
                gettext("Imported “%(name)s” (%(date)s) into the club %(club)s as event %(slug)s (id %(id)d).")
                % {"name": event.name, "date": event.date, "club": event.club.name, "slug": event.slug, "id": event.pk}
            )
        )
