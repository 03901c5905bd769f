"""Seasons of a club, with their championship rules (checked as a whole, frozen once an evening counts)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.models import Club, Event, Season
from tournaments.services.base import apply_fields, save_validated

RULE_FIELDS = Season.RULE_FIELDS
SEASON_FIELDS = ("name", "start_date", "end_date", *RULE_FIELDS)
MAX_PLACES = 50
MAX_EVENINGS = 100


def place_points_parse(text: str) -> list[int]:
    """ "8 7 6" or "8, 7, 6" as [8, 7, 6]; ValueError with a sentence naming the place otherwise."""
    items = [item for item in re.split(r"[\s,;]+", text or "") if item]
    if len(items) > MAX_PLACES:
        raise ValueError(
            _("At most %(limit)s places; there are %(count)s.") % {"limit": MAX_PLACES, "count": len(items)}
        )
    points: list[int] = []
    for place, item in enumerate(items, start=1):
        if not item.isdigit() or len(item) > 4:
            raise ValueError(
                _("Place %(place)s: “%(value)s” is no whole number of points from 0 to 9999.")
                % {"place": place, "value": item[:20]}
            )
        value = int(item)
        if points and value > points[-1]:
            raise ValueError(
                _("Place %(place)s gives %(value)s, more than place %(before)s (%(points)s): points by place go down.")
                % {"place": place, "value": value, "before": place - 1, "points": points[-1]}
            )
        points.append(value)
    return points


def _check_season(season: Season) -> None:
    errors: dict[str, str] = {}
    if season.ranking_rule == Season.Ranking.BEST_N and not season.best_n:
        errors["best_n"] = _("Give N for a ranking over the best N evenings.")
    if season.start_date and season.end_date and season.end_date < season.start_date:
        errors["end_date"] = _("The season ends (%(end)s) before it starts (%(start)s).") % {
            "end": season.end_date,
            "start": season.start_date,
        }
    if season.ranking_rule == Season.Ranking.BEST_N and season.drop_worst:
        errors["drop_worst"] = _(
            "Either the best %(n)s evenings count or the worst %(m)s are dropped, not both: set one of them."
        ) % {"n": season.best_n, "m": season.drop_worst}
    try:
        places = place_points_parse(season.place_points)
    except ValueError as exc:
        errors["place_points"] = str(exc)
    else:
        season.place_points = " ".join(map(str, places))
        if season.points_basis == Season.PointsBasis.PLACE and not places:
            errors["place_points"] = _("Give the points of each place (from first place down) to score by place.")
    for name, label in (
        ("drop_worst", _("Drop the worst evenings")),
        ("min_evenings", _("Evenings needed to be ranked")),
        ("awarded_min_evenings", _("Evenings needed to award the ranking")),
    ):
        value = getattr(season, name) or 0
        if value > MAX_EVENINGS:
            errors[name] = _("%(field)s: at most %(limit)s; got %(value)s.") % {
                "field": label,
                "limit": MAX_EVENINGS,
                "value": value,
            }
    if season.missed_penalty is not None and Decimal(season.missed_penalty) < 0:
        errors["missed_penalty"] = _(
            "The penalty per missed evening is taken off: give it as 0 or more, not %(value)s."
        ) % {"value": season.missed_penalty}
    tie_breaks = list(season.tie_breaks or [])
    unknown = [t for t in tie_breaks if t not in Season.TieBreak.values]
    if unknown or len(set(tie_breaks)) != len(tie_breaks):
        errors["tie_breaks"] = _("Choose each tie-break at most once, from the list.")
    if errors:
        raise ValidationError(errors)


def season_counting_evening(season: Season) -> Event | None:
    """The first evening of the season whose results count (its rules are frozen from then on)."""
    if season.pk is None:
        return None
    return (
        Event.objects.filter(season=season, standings_version__gt=0)
        .exclude(status=Event.Status.DRAFT)
        .order_by("date", "pk")
        .first()
    )


def season_create(*, club: Club, data: dict[str, Any]) -> Season:
    season = Season(club=club)
    apply_fields(season, data, SEASON_FIELDS)
    _check_season(season)
    return save_validated(season)


def season_update(*, season: Season, data: dict[str, Any]) -> Season:
    # From the database: a bound ModelForm has already set its values on `season`.
    stored = Season.objects.get(pk=season.pk)
    before = {name: getattr(stored, name) for name in RULE_FIELDS}
    apply_fields(season, data, SEASON_FIELDS)
    _check_season(season)
    changed = [name for name in RULE_FIELDS if _plain(getattr(season, name)) != _plain(before[name])]
    if changed:
        first = season_counting_evening(season)
        if first is not None:
            message = _(
                "The season's rules are frozen: its evening “%(event)s” of %(date)s counts already. Start a new "
                "season to play under other rules."
            ) % {"event": first.name, "date": first.date.strftime("%d.%m.%Y")}
            raise ValidationError({name: message for name in changed})
    return save_validated(season)


def _plain(value: Any) -> Any:
    # Decimals compare by value: 0.00 from the database is the form's 0.
    return Decimal(str(value)) if isinstance(value, Decimal | float) else value
