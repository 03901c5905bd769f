"""What the director adds to the results (the penalty catalogue and the adjustments given from it) and
the exports of an event's results."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.models.sheets import MAX_REASON
from tournaments.labels import penalty_name
from tournaments.models import Club, Entry, Event


class PenaltyEffect(models.TextChoices):
    """What a catalogue penalty does to the standings (its amount says how much)."""

    TO_OPPONENTS = "to_opponents", _("Game points to the opponents")
    MINUS_POINTS = "minus_points", _("Minus game points")
    MINUS_MATCH_POINTS = "minus_match_points", _("Minus match points")
    WARNING = "warning", _("Warning only")


class PenaltyKind(models.Model):
    """A club's own named penalty, beside the built-in ones (`scoring.results.penalties.BUILTINS`). Never
    deleted once made: retired, so the penalties given with it keep their name."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="penalty_kinds")
    name = models.CharField(_("name"), max_length=100)
    description = models.TextField(_("description"), blank=True, max_length=MAX_REASON)
    effect = models.CharField(_("effect"), max_length=20, choices=PenaltyEffect.choices)
    amount = models.DecimalField(_("amount"), max_digits=9, decimal_places=2, default=0)
    retired_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="penalty_kind_name_unique"),
            models.CheckConstraint(condition=~Q(name=""), name="penalty_kind_has_name"),
        ]
        verbose_name = _("penalty kind")
        verbose_name_plural = _("penalty kinds")

    def __str__(self):
        return self.name


class Adjustment(models.Model):
    """A penalty or an organiser adjustment: its own row with a reason, never an edit of derived data.

    A penalty of the catalogue names its penalty (`penalty_code` for a built-in, `penalty_kind` and its name
    at the time for the club's own) and the entry that committed it (`penalised_entry`). "Game points to the
    opponents" is stored on the opponents' entry (`entry`, +points; one row per opponent entry in mêlée,
    sharing `penalty_group`), the penalised entry named. A row is never deleted: it is withdrawn (who, when,
    why), and the standings leave it out from then on."""

    class Kind(models.TextChoices):
        PENALTY = "penalty", _("Penalty")
        ADJUSTMENT = "adjustment", _("Adjustment")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="adjustments")
    # RESTRICT: deleting an entry never takes its penalties along (the entry is withdrawn instead); deleting
    # the whole event (or club) still removes them with it, which PROTECT would refuse.
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="adjustments")
    penalised_entry = models.ForeignKey(
        Entry, on_delete=models.RESTRICT, related_name="penalties_given", null=True, blank=True
    )
    penalty_code = models.CharField(max_length=40, blank=True)
    penalty_kind = models.ForeignKey(PenaltyKind, on_delete=models.RESTRICT, null=True, blank=True, related_name="+")
    penalty_name = models.CharField(max_length=100, blank=True)
    penalty_group = models.UUIDField(null=True, blank=True)
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.PENALTY)
    match_points = models.DecimalField(_("match points"), max_digits=8, decimal_places=2, default=0)
    points = models.IntegerField(_("game points"), default=0)
    reason = models.TextField(_("reason"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    # The author's name in an archive this row was imported from: text only, never a local account.
    imported_author = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    withdrawn_imported_author = models.CharField(max_length=150, blank=True)
    withdraw_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["event", "created_at"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="adjustment_has_reason"),
            models.CheckConstraint(
                condition=Q(withdrawn_at__isnull=True) | ~Q(withdraw_reason=""), name="adjustment_withdrawn_why"
            ),
        ]
        verbose_name = _("adjustment")
        verbose_name_plural = _("adjustments")

    def __str__(self):
        return f"{self.entry}: {self.get_kind_display()} ({self.reason})"

    @property
    def penalty_label(self) -> str:
        """The penalty's name in the reader's language (a built-in's word, a club kind's name), or ""."""
        return penalty_name(self.penalty_code, self.penalty_name)

    @property
    def withdrawn_author(self) -> str:
        if self.withdrawn_by is not None:
            return str(self.withdrawn_by)
        return self.withdrawn_imported_author


def export_file_path(instance: "Export", filename: str) -> str:
    """A random folder per file: export names cannot be guessed, and the download keeps the readable name."""
    return f"exports/{secrets.token_urlsafe(24)}/{filename}"


class Export(models.Model):
    class Kind(models.TextChoices):
        CSV = "csv", _("Standings (CSV)")
        CSV_ALL = "csv_all", _("All tables (CSV, zip)")
        XLSX = "xlsx", _("Workbook (XLSX)")
        PDF = "pdf", _("Results (PDF)")
        JSON = "json", _("JSON archive")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="exports")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    progress = models.PositiveSmallIntegerField(default=0)
    task_id = models.CharField(max_length=64, blank=True)
    file = models.FileField(upload_to=export_file_path, max_length=255, blank=True)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When the catch-up sweep last queued it again (None: only when it was created); see scoring.queueing.
    queued_at = models.DateTimeField(null=True, blank=True)
    # Touched every ATOUT_EXPORT_HEARTBEAT_SECONDS by the worker writing it: a running export whose heartbeat
    # stops was left by a dead worker, and the sweep queues it again (scoring.tasks.sweep_owed).
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("export")
        verbose_name_plural = _("exports")

    def __str__(self):
        return f"{self.event} · {self.get_kind_display()}"

    def status_label(self) -> str:
        """The status in words; a pending export that the sweep queued again says it is restarting (its
        worker stopped, or its message was lost)."""
        if self.status == self.Status.PENDING and self.queued_at is not None:
            return str(_("Restarting"))
        return str(self.get_status_display())
