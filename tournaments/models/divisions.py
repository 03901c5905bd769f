"""A season's divisions: which division (1 = A, the top) each player of the club plays in that season.

A player without a row plays in the season's lowest division (new members start at the bottom). Rows are
written by the organiser before the season's first evening counts, or by "start the next season", which
applies the previous season's promotion and relegation."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Player, Season


def division_letter(number: int) -> str:
    """Division 1 → "A", 2 → "B", …"""
    return chr(ord("A") + number - 1)


class SeasonDivision(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="division_rows")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    division = models.PositiveSmallIntegerField(_("division"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="season_division_unique_player"),
            models.CheckConstraint(condition=models.Q(division__gte=1), name="season_division_from_one"),
        ]
        verbose_name = _("division of a player")
        verbose_name_plural = _("divisions of players")

    def __str__(self):
        return f"{self.season}: {self.player} ({division_letter(self.division)})"
