"""The secret links of an event: a game's links, the table cards with their short codes and PINs, the
team links and the venue screens (each revocable at once), and the misses and PIN failures they are limited
by."""

import secrets

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.labels import SIDE_CODE_LETTERS
from scoring.models.sheets import SIDES
from tournaments.models import Entry, Event, Game


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

    sheet = models.ForeignKey("scoring.Sheet", on_delete=models.CASCADE, related_name="pin_failures")
    side = models.CharField(max_length=1, choices=SIDES)
    failed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["sheet", "side", "failed_at"], name="pin_failure_sheet_side_time")]

    def __str__(self) -> str:
        return f"{self.sheet_id} {self.side} {self.failed_at:%H:%M:%S}"


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
