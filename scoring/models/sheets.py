"""Score sheets as entered at the table and their history.

Deals are stored as entered (the deal JSON of spec §6). Scores, totals and held points are derived by the
rules engine and cached on the sheet (`result`); a recompute always gives them back.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.labels import SIDE_CHOICES
from tournaments.models import Game

SIDES = SIDE_CHOICES
#: The longest reason or message a person may type (a correction, a dispute, an adjustment, a note).
MAX_REASON = 2000


class Sheet(models.Model):
    class Status(models.TextChoices):
        ENTERED = "entered", _("Being entered")
        SUBMITTED = "submitted", _("Submitted")
        DISPUTED = "disputed", _("Disputed")
        CONFIRMED = "confirmed", _("Confirmed")
        LOCKED = "locked", _("Locked")

    # A counted sheet: settled (confirmed by the other side, or locked by the organiser), so its score enters
    # the standings and exports and only an organiser's correction changes it.
    COUNTED_STATUSES = (Status.CONFIRMED, Status.LOCKED)

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="sheet")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.ENTERED)
    # Grows with every change; a write that carries an older version gets a conflict, never an overwrite.
    version = models.PositiveIntegerField(default=0)
    # Cache of the rules engine's result for the stored deals (spec §6 result JSON).
    result = models.JSONField(default=dict, blank=True)
    total_a = models.IntegerField(default=0)
    total_b = models.IntegerField(default=0)
    held = models.IntegerField(default=0)
    finished = models.BooleanField(default=False)
    winner = models.CharField(max_length=1, blank=True)
    deal_count = models.PositiveSmallIntegerField(default=0)
    submitted_at = models.DateTimeField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    dispute_message = models.TextField(_("dispute"), blank=True)
    # The side whose link types the deals (set by the first deal a link writes); the other side confirms.
    entering_side = models.CharField(_("entered by"), max_length=1, choices=SIDES, blank=True)
    # An unfinished game's ruling at the round's close (`Event.UnfinishedRule`: played, prorate, average):
    # the totals it counts with in the standings and exports instead of `total_a`/`total_b`. Not a cache of
    # the deals: the organiser's decision, recorded in the history (SheetChange "unfinished_rule").
    unfinished_rule = models.CharField(_("unfinished game"), max_length=10, blank=True)
    ruled_total_a = models.IntegerField(null=True, blank=True)
    ruled_total_b = models.IntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        indexes = [models.Index(fields=["status"])]

    def __str__(self):
        return str(self.game)

    @property
    def counted_totals(self) -> tuple[int, int]:
        """The totals the standings and exports count: the close's ruling if there is one, else the deals'."""
        if self.unfinished_rule and self.ruled_total_a is not None and self.ruled_total_b is not None:
            return self.ruled_total_a, self.ruled_total_b
        return self.total_a, self.total_b


class Deal(models.Model):
    """One deal as entered. `position` is 0-based and dense within the sheet."""

    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="deals")
    position = models.PositiveSmallIntegerField()
    data = models.JSONField()
    # Made by the client (e.g. an Idempotency-Key): a retried create returns the first deal, stores none.
    client_id = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sheet", "position"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "position"], name="deal_unique_position"),
            models.UniqueConstraint(
                fields=["sheet", "client_id"], condition=~Q(client_id=""), name="deal_unique_client_id"
            ),
        ]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")

    def __str__(self):
        return f"{self.sheet} · {self.position + 1}"


class SheetChange(models.Model):
    """The history of a sheet: who changed what, when, from where, before and after."""

    class Action(models.TextChoices):
        DEAL_CREATE = "deal_create", _("Deal added")
        DEAL_UPDATE = "deal_update", _("Deal changed")
        DEAL_DELETE = "deal_delete", _("Deal deleted")
        DEAL_INSERT = "deal_insert", _("Deal inserted")
        SUBMIT = "submit", _("Submitted")
        CONFIRM = "confirm", _("Confirmed")
        DISPUTE = "dispute", _("Disputed")
        CORRECT = "correct", _("Corrected by the organiser")
        LOCK = "lock", _("Locked")
        REOPEN = "reopen", _("Reopened")
        SWITCH_SIDE = "switch_side", _("Entering side switched")
        SIDES_SWAPPED = "sides_swapped", _("Sides swapped")
        UNFINISHED_RULE = "unfinished_rule", _("Unfinished game ruled at the close")

    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=20, choices=Action.choices)
    deal_position = models.PositiveSmallIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    link = models.ForeignKey("scoring.TableLink", on_delete=models.SET_NULL, null=True, blank=True)
    # The table card a change came through (it acts through the game's link of its side, kept in `link`), so
    # the history tells the card on the table from the game link and from a team's or the organiser's page.
    card = models.ForeignKey("TableCard", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)
    reason = models.TextField(blank=True)
    # The client id of a created deal: a create retried after the deal was deleted still stores nothing.
    client_id = models.CharField(max_length=64, blank=True)
    # The author's name in an archive this row was imported from: text only, never a local account.
    imported_author = models.CharField(max_length=150, blank=True)
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sheet", "created_at", "id"]
        indexes = [
            models.Index(fields=["sheet", "client_id"], condition=~Q(client_id=""), name="sheetchange_client_id"),
        ]
        verbose_name = _("sheet change")
        verbose_name_plural = _("sheet changes")

    def __str__(self):
        return f"{self.sheet} · {self.get_action_display()}"
