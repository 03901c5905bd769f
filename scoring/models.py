"""Score sheets as entered at the table, their history, table links, adjustments and exports.

Deals are stored as entered (the deal JSON of spec §6). Scores, totals and held points are derived by the
rules engine and cached on the sheet (`result`); a recompute always gives them back.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.labels import SIDE_CHOICES, SIDE_CODE_LETTERS
from tournaments.labels import penalty_name
from tournaments.models import Club, Entry, Event, Game

SIDES = SIDE_CHOICES
#: The longest reason or message a person may type (a correction, a dispute, an adjustment, a note).
MAX_REASON = 2000


def new_table_token() -> str:
    # 32 random bytes: 256 bits, well above the 128 the design asks for; URL-safe for the QR code.
    return secrets.token_urlsafe(32)


# A card's token is one character longer than a game link's (33 random bytes, 264 bits): `t/<token>/`
# tells a card from a game link by its length, without a query.
CARD_TOKEN_LENGTH = 44


def new_card_token() -> str:
    return secrets.token_urlsafe(33)


PIN_LENGTH = 4


def new_pin() -> str:
    """A card side's PIN: four random digits, printed only on that side's card (`TableCard.pin`)."""
    return f"{secrets.randbelow(10**PIN_LENGTH):0{PIN_LENGTH}d}"


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


class SecretLinkQuerySet(models.QuerySet):
    def active(self) -> "SecretLinkQuerySet":
        """The links not revoked (the only ones that open anything)."""
        return self.filter(revoked_at__isnull=True)


class SecretLink(models.Model):
    """What the four revocable links share (TableLink, TableCard, TeamLink, VenueScreen): a random token that
    is the key (no login), when it was made and when it was revoked. A revoked link opens nothing, at once;
    a new one is made in its place (`scoring.sheets.links.reissue`). `Model.objects.active()` is the links
    still valid. Subclasses whose token has another length override `token` with their own default."""

    token = models.CharField(max_length=64, unique=True, default=new_table_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = SecretLinkQuerySet.as_manager()

    class Meta:
        abstract = True

    def revoke(self) -> bool:
        """Revoke this link now, if it is still active. One guarded UPDATE, so of two concurrent revokes only
        one wins. Returns whether this call revoked it."""
        now = timezone.now()
        revoked = type(self).objects.filter(pk=self.pk).active().update(revoked_at=now)
        if revoked:
            self.revoked_at = now
        return bool(revoked)


class TableLink(SecretLink):
    """A secret link for one side of one game. It reaches only that game's sheet, until revoked or closed."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="links")
    side = models.CharField(max_length=1, choices=SIDES)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "side"], condition=Q(revoked_at__isnull=True), name="tablelink_one_active_per_side"
            ),
        ]
        verbose_name = _("table link")
        verbose_name_plural = _("table links")

    def __str__(self):
        return f"{self.game} · {self.side}"


class TableCard(SecretLink):
    """One seat side's link of one table for the whole event: the QR code on the card that stays on the
    table all evening. It opens the sheet of whatever game sits at that table in the released round, with
    the rights of its side; a revoked card stops working at once and a new one is printed."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="table_cards")
    table_number = models.PositiveIntegerField(_("table"))
    side = models.CharField(max_length=1, choices=SIDES)
    token = models.CharField(max_length=64, unique=True, default=new_card_token, editable=False)
    # The short code's secret part, for a phone that cannot scan (`scoring.sheets.card_codes`): four digits,
    # unique among the installation's active cards of the same table number and side. Picked by the code
    # that makes the card (it must avoid the codes in use), so no default.
    code = models.CharField(max_length=4, editable=False)
    # Printed on this side's card only, and asked when a game link (printed where both sides see it)
    # confirms or disputes. Kept readable, like the token: the organiser's page and the PDF show it. A
    # reissued card gets a new one; guesses are limited per sheet side (`PinFailure`).
    pin = models.CharField(_("PIN"), max_length=PIN_LENGTH, default=new_pin, editable=False)

    class Meta:
        ordering = ["event", "table_number", "side"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "table_number", "side"],
                condition=Q(revoked_at__isnull=True),
                name="tablecard_one_active_per_side",
            ),
            models.UniqueConstraint(
                fields=["table_number", "side", "code"],
                condition=Q(revoked_at__isnull=True),
                name="tablecard_code_unique_active",
            ),
            models.CheckConstraint(condition=Q(code__regex=r"^[0-9]{4}$"), name="tablecard_code_four_digits"),
        ]
        verbose_name = _("table card")
        verbose_name_plural = _("table cards")

    def __str__(self):
        return f"{self.event} · {self.table_number} · {self.side}"

    @property
    def short_code(self) -> str:
        """The code printed large on the card and typed at /c/: "T5-N 4821" (no language's word in it)."""
        return f"T{self.table_number}-{SIDE_CODE_LETTERS[self.side]} {self.code}"


class CardCodeMiss(models.Model):
    """A wrong short code typed at /c/, by client address: what the code page's limit counts.

    In the database, as the password reset requests: every web process counts the same rows."""

    address = models.CharField(max_length=64)
    missed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["address", "missed_at"], name="cardcodemiss_address_time")]

    def __str__(self) -> str:
        return f"{self.address} {self.missed_at:%Y-%m-%d %H:%M}"


class TeamLink(SecretLink):
    """A team's personal link for the event ("where do I play now"): it follows the entry from table to
    table and leads to the sheet of its side at its current table."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="team_links")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["entry"], condition=Q(revoked_at__isnull=True), name="teamlink_one_active_per_entry"
            ),
        ]
        verbose_name = _("team link")
        verbose_name_plural = _("team links")

    def __str__(self):
        return str(self.entry)


class PinFailure(models.Model):
    """One wrong PIN typed for one side of one sheet: what the limit on guesses counts
    (`scoring.sheets.pins`). In the database, so every web process counts the same rows; old rows are
    deleted as the limit reads them."""

    sheet = models.ForeignKey(Sheet, on_delete=models.CASCADE, related_name="pin_failures")
    side = models.CharField(max_length=1, choices=SIDES)
    failed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["sheet", "side", "failed_at"], name="pin_failure_sheet_side_time")]

    def __str__(self) -> str:
        return f"{self.sheet_id} {self.side} {self.failed_at:%H:%M:%S}"


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
    link = models.ForeignKey(TableLink, on_delete=models.SET_NULL, null=True, blank=True)
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


# The venue screen's link: a secret address for the room's projector or TV, revocable by the organiser.
def new_screen_token() -> str:
    # Same strength as the table links (256 bits): the screen needs no login, the address is the key.
    return secrets.token_urlsafe(32)


class VenueScreen(SecretLink):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="venue_screens")
    token = models.CharField(max_length=64, unique=True, default=new_screen_token, editable=False)

    class Meta:
        app_label = "scoring"
        ordering = ["-created_at"]
        verbose_name = _("venue screen")
        verbose_name_plural = _("venue screens")

    def __str__(self):
        return f"{self.event} · {_('venue screen')}"
