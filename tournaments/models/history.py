"""The histories of who changed what: the event's (every step a director took, in order, beside each sheet's
history, scoring.SheetChange) and the club's (its season rules, divisions, members' consent, forbidden
pairings, settings). Each row reads as a sentence (tournaments/history_labels.py, club_history_labels.py)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Club, Player, Season
from tournaments.models.events import Entry, Event


class EventLogEntry(models.Model):
    """One step a director took on the event (a late pair, a withdrawal, a reopened round, a penalty, ...).

    The event's own history, beside each sheet's (`scoring.SheetChange`): rows are only ever added. `action`
    is a code of `tournaments.history_labels.EVENT_LOG_ACTIONS` (no database choices, so a new kind of step
    needs no migration); `details` holds what a person reads beside it (names, numbers), already in plain values.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log_entries")
    action = models.CharField(_("action"), max_length=40)
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    entry = models.ForeignKey(Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    table_number = models.PositiveIntegerField(_("table"), null=True, blank=True)
    details = models.JSONField(_("details"), default=dict, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    imported_author = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["event", "created_at"], name="eventlog_event_time")]
        verbose_name = _("event history entry")
        verbose_name_plural = _("event history")

    def __str__(self):
        return f"{self.event} · {self.action}"


class ClubLogEntry(models.Model):
    """One change to the club's year outside any evening: a season created or its rules changed, divisions
    set, a member added or changed (a change of consent for publication above all), a forbidden pairing added
    or removed, the club's settings.

    Rows are only ever added. `action` is a code of `tournaments.club_history_labels.CLUB_LOG_ACTIONS`;
    `details` holds plain values a person reads beside it, as they were at the time (a name, the fields that
    changed, a consent before and after as codes that the sentence turns into words)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="log_entries")
    action = models.CharField(_("action"), max_length=40)
    season = models.ForeignKey(Season, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    details = models.JSONField(_("details"), default=dict, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["club", "created_at"], name="clublog_club_time")]
        verbose_name = _("club history entry")
        verbose_name_plural = _("club history")

    def __str__(self):
        return f"{self.club} · {self.action}"
