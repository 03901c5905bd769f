"""A round and its games (one table, or a bye, of one round), the standings snapshots of an event, and the
tables' calls to the director.

Standings snapshots are rows of the event: `scoring`'s tasks write them, the next Swiss draw and the public
pages read them."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.rules.words import TEAMS
from tournaments.clock import ClockState, clock_stamp, clock_state
from tournaments.labels import DIRECTOR_CALL_REASONS
from tournaments.models.events import Entry, Event


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        CONFIRMED = "confirmed", _("Confirmed")
        RELEASED = "released", _("Released")
        CLOSED = "closed", _("Closed")

    # A public round: released to the tables (or since closed), so its draw, sheets and standings are shown.
    PUBLIC_STATUSES = (Status.RELEASED, Status.CLOSED)

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    method = models.CharField(_("pairing method"), max_length=20)
    seed = models.BigIntegerField(_("seed"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    quality = models.JSONField(_("draw quality"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    released_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # The round clock (`tournaments.clock`): when it started (at the release, or by the organiser), when it
    # was paused (None: running), the seconds spent paused before, and when the last deal was called.
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(default=0)
    last_deal_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_unique_number")]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self):
        return f"{self.event} · {_('round')} {self.number}"

    @property
    def is_open_for_scores(self) -> bool:
        return self.status == self.Status.RELEASED

    def clock(self, now=None) -> ClockState:
        """The round clock now (or at `now`), from the event's minutes and warnings; "off" without minutes
        and once the round is closed. Reads `self.event` (select it with the round)."""
        event = self.event
        minutes = event.round_minutes if self.status == self.Status.RELEASED else None
        return clock_state(
            minutes=minutes,
            started=self.clock_started_at,
            paused_at=self.clock_paused_at,
            paused_seconds=self.clock_paused_seconds,
            last_deal_at=self.last_deal_at,
            warnings=event.warning_minutes or [],
            now=now or timezone.now(),
        )

    @property
    def clock_stamp(self) -> str:
        """The clock's state as text, changed by every clock action (`tournaments.clock.clock_stamp`)."""
        return clock_stamp(self.clock_started_at, self.clock_paused_at, self.clock_paused_seconds, self.last_deal_at)


class Game(models.Model):
    """One table in one round. Side A sits North/South, side B East/West.

    In fixed pairs each side is one entry (`entry_a`, `entry_b`). In mêlée each side is two single-player
    entries (`entry_a` + `entry_a_partner`, `entry_b` + `entry_b_partner`). A bye has only `entry_a`
    (and `entry_a_partner` in mêlée) and no table.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table_number = models.PositiveIntegerField(_("table"), null=True, blank=True)
    entry_a = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="games_as_a")
    entry_a_partner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="games_as_a_partner", null=True, blank=True
    )
    entry_b = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="games_as_b", null=True, blank=True)
    entry_b_partner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="games_as_b_partner", null=True, blank=True
    )
    is_bye = models.BooleanField(_("bye"), default=False)
    # Seat → player id, e.g. {"N": 12, "S": 13, "E": 20, "W": 21}.
    seats = models.JSONField(_("seats"), default=dict, blank=True)
    first_dealer = models.CharField(_("first dealer"), max_length=1, blank=True)
    # Flag codes from the draw generator that explain each compromise ("rematch_no_alternative", ...).
    flags = models.JSONField(_("flags"), default=list, blank=True)

    class Meta:
        ordering = ["round", "table_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table_number"], condition=Q(is_bye=False), name="game_unique_table_per_round"
            ),
            models.CheckConstraint(
                condition=Q(is_bye=True) | (Q(entry_b__isnull=False) & Q(table_number__isnull=False)),
                name="game_has_two_sides_unless_bye",
            ),
        ]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self):
        if self.is_bye:
            return f"{self.round} · {_('bye')}"
        return f"{self.round} · {_('table')} {self.table_number}"


class Standing(models.Model):
    """A standings snapshot row: one entry after one round (cumulative). Written by scoring's tasks only."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="standings")
    round_number = models.PositiveSmallIntegerField(_("after round"))
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="standings")
    rank = models.PositiveIntegerField(_("rank"))
    games = models.PositiveSmallIntegerField(default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    draws = models.PositiveSmallIntegerField(default=0)
    losses = models.PositiveSmallIntegerField(default=0)
    byes = models.PositiveSmallIntegerField(default=0)
    match_points = models.DecimalField(max_digits=8, decimal_places=2, default=0)
    total_points = models.IntegerField(default=0)
    points_against = models.IntegerField(default=0)
    deals_won = models.PositiveIntegerField(default=0)
    penalties = models.DecimalField(max_digits=8, decimal_places=2, default=0)
    # Every metric of the event's precedence list by key, as computed (Buchholz, head-to-head, lots...).
    metrics = models.JSONField(default=dict)
    computed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["event", "round_number", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["event", "round_number", "entry"], name="standing_unique_entry_round"),
        ]
        indexes = [models.Index(fields=["event", "round_number", "rank"])]
        verbose_name = _("standing")
        verbose_name_plural = _("standings")

    def __str__(self):
        return f"{self.rank}. {self.entry} ({self.round_number})"


class DirectorCall(models.Model):
    """A table calling the director (*Turnierleitung*) from its sheet page: open until the organiser marks
    it answered (`answered_by`, `answered_at`) or the table takes it back (`cancelled`). One open call per
    table: a second tap while one is open finds it (`tournaments.services.room.director_call_open`).
    The event's history keeps each call and answer; these rows are the evening's live state."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="director_calls")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="director_calls")
    table_number = models.PositiveIntegerField(_("table"))
    side = models.CharField(_("side"), max_length=1)  # the calling phone's side, "A" or "B"
    reason = models.CharField(_("reason"), max_length=10, choices=list(DIRECTOR_CALL_REASONS.items()), blank=True)
    created_at = models.DateTimeField(_("called at"), default=timezone.now)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    cancelled = models.BooleanField(_("taken back by the table"), default=False)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            # The open calls are what every poll reads: this index (by event) serves them too.
            models.UniqueConstraint(
                fields=["event", "table_number"],
                condition=Q(answered_at__isnull=True),
                name="directorcall_one_open_per_table",
            ),
            models.CheckConstraint(condition=Q(side__in=TEAMS), name="directorcall_side"),
        ]
        verbose_name = _("call to the director")
        verbose_name_plural = _("calls to the director")

    def __str__(self):
        return f"{self.event} · {self.table_number}"
