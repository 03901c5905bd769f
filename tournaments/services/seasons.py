"""Seasons of a club, with their ranking rule."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Season
from tournaments.services.base import apply_fields, save_validated

SEASON_FIELDS = ("name", "start_date", "end_date", "ranking_rule", "best_n")


def _check_season(season: Season) -> None:
    if season.ranking_rule == Season.Ranking.BEST_N and not season.best_n:
        raise ValidationError({"best_n": _("Give N for a ranking over the best N evenings.")})
    if season.start_date and season.end_date and season.end_date < season.start_date:
        raise ValidationError(
            {
                "end_date": _("The season ends (%(end)s) before it starts (%(start)s).")
                % {"end": season.end_date, "start": season.start_date}
            }
        )


def season_create(*, club: Club, data: dict[str, Any]) -> Season:
    season = Season(club=club)
    apply_fields(season, data, SEASON_FIELDS)
    _check_season(season)
    return save_validated(season)


def season_update(*, season: Season, data: dict[str, Any]) -> Season:
    apply_fields(season, data, SEASON_FIELDS)
    _check_season(season)
    return save_validated(season)
