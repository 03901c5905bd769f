"""The organiser's forbidden pairings: two members of a club who never meet in a draw.

A pairing is kept once removed (who removed it, when), so the club's page shows who decided what; only the
pairings not removed reach the draw (`tournaments.draws.season.forbidden_pairs`)."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Club, Player

#: The longest reason the organiser may give ("family", "they asked", ...).
MAX_PAIRING_REASON = 200


class ForbiddenPairing(models.Model):
    class Kind(models.TextChoices):
        TABLE = "table", _("never at the same table")
        OPPONENTS = "opponents", _("never opponents")
        PARTNERS = "partners", _("never partners")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="forbidden_pairings")
    # The two players in id order (player_a < player_b), so a pair has one spelling.
    player_a = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player"))
    player_b = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("other player"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.TABLE)
    reason = models.CharField(_("reason"), max_length=MAX_PAIRING_REASON, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("added"), default=timezone.now)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    removed_at = models.DateTimeField(_("removed"), null=True, blank=True)

    class Meta:
        ordering = ["removed_at", "-created_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(player_a__lt=F("player_b")), name="forbidden_pairing_ordered"),
            models.UniqueConstraint(
                fields=["club", "player_a", "player_b"],
                condition=Q(removed_at__isnull=True),
                name="forbidden_pairing_active_unique",
            ),
        ]
        verbose_name = _("forbidden pairing")
        verbose_name_plural = _("forbidden pairings")

    def __str__(self):
        return f"{self.player_a} / {self.player_b} ({self.get_kind_display()})"

    @property
    def bars_partners(self) -> bool:
        return self.kind in (self.Kind.TABLE, self.Kind.PARTNERS)

    @property
    def bars_opponents(self) -> bool:
        return self.kind in (self.Kind.TABLE, self.Kind.OPPONENTS)
