"""Seasons of a club, with their championship rules (checked as a whole, frozen once an evening counts); each
change kept in the club's history."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club, Event, Player, Season, SeasonDivision
from tournaments.models.divisions import division_letter
from tournaments.services.base import apply_fields, save_validated
from tournaments.services.history import club_log_add

RULE_FIELDS = Season.RULE_FIELDS
SEASON_FIELDS = ("name", "start_date", "end_date", *RULE_FIELDS)
MAX_PLACES = 50
MAX_EVENINGS = 100
MAX_PROMOTION = 20


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
    divisions = season.divisions or 0
    if not 1 <= divisions <= Season.MAX_DIVISIONS:
        errors["divisions"] = _("Divisions: from 1 (one ranking) to %(limit)s; got %(value)s.") % {
            "limit": Season.MAX_DIVISIONS,
            "value": divisions,
        }
    promotion = season.promotion or 0
    if promotion and divisions < 2:
        errors["promotion"] = _(
            "%(n)s promoted and relegated needs divisions to move between: set 2 divisions or more, or 0 here."
        ) % {"n": promotion}
    elif promotion > MAX_PROMOTION:
        errors["promotion"] = _("Promoted and relegated: at most %(limit)s per division; got %(value)s.") % {
            "limit": MAX_PROMOTION,
            "value": promotion,
        }
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


def season_create(*, club: Club, data: dict[str, Any], user: User | None = None) -> Season:
    season = Season(club=club)
    apply_fields(season, data, SEASON_FIELDS)
    _check_season(season)
    with transaction.atomic():
        season = save_validated(season)
        club_log_add(club=club, action="season_created", user=user, season=season, season_name=season.name)
    return season


def season_update(*, season: Season, data: dict[str, Any], user: User | None = None) -> Season:
    """Change a season's name, dates or rules (rules refused once an evening counts); the fields that changed
    go into the club's history."""
    # From the database: a bound ModelForm has already set its values on `season`.
    stored = Season.objects.get(pk=season.pk)
    before = {name: getattr(stored, name) for name in SEASON_FIELDS}
    apply_fields(season, data, SEASON_FIELDS)
    _check_season(season)
    changed = [name for name in SEASON_FIELDS if _plain(getattr(season, name)) != _plain(before[name])]
    rules_changed = [name for name in changed if name in RULE_FIELDS]
    if rules_changed:
        first = season_counting_evening(season)
        if first is not None:
            message = _frozen_message(first)
            raise ValidationError({name: message for name in rules_changed})
    with transaction.atomic():
        season = save_validated(season)
        if changed:
            club_log_add(
                club=season.club,
                action="season_changed",
                user=user,
                season=season,
                season_name=season.name,
                fields=changed,
            )
    return season


def _plain(value: Any) -> Any:
    # Decimals compare by value: 0.00 from the database is the form's 0.
    return Decimal(str(value)) if isinstance(value, Decimal | float) else value


def _frozen_message(first: Event) -> str:
    return _(
        "The season's rules are frozen: its evening “%(event)s” of %(date)s counts already. Start a new "
        "season to play under other rules."
    ) % {"event": first.name, "date": first.date.strftime("%d.%m.%Y")}


def season_divisions_set(*, season: Season, divisions: dict[int, int], user: User | None = None) -> int:
    """Put the club's players into the season's divisions (player id → 1 for A, …); a player left out plays
    in the lowest. Refused once the season's first evening counts, for another club's player, or for a
    division the season does not have. Returns how many players are placed above the lowest division."""
    first = season_counting_evening(season)
    if first is not None:
        raise ValidationError(_frozen_message(first))
    ids = set(divisions)
    known = set(Player.objects.filter(club=season.club, pk__in=ids).values_list("pk", flat=True))
    if ids - known:
        raise ValidationError(_("A player of another club cannot play in this season's divisions."))
    wrong = sorted(d for d in divisions.values() if not 1 <= d <= season.divisions)
    if wrong:
        raise ValidationError(
            _("Division %(value)s does not exist: this season has divisions A to %(last)s.")
            % {"value": wrong[0], "last": division_letter(season.divisions)}
        )
    rows = [
        SeasonDivision(season=season, player_id=p, division=d) for p, d in divisions.items() if d < season.divisions
    ]
    with transaction.atomic():
        SeasonDivision.objects.filter(season=season).delete()
        SeasonDivision.objects.bulk_create(rows)
        club_log_add(
            club=season.club,
            action="season_divisions_set",
            user=user,
            season=season,
            season_name=season.name,
            placed=len(rows),
        )
    return len(rows)


def season_start_next(
    *, season: Season, data: dict[str, Any], divisions: dict[int, int], user: User | None = None
) -> Season:
    """A new season of the club started from `season`: its name and dates from `data`, the same rules, and the
    divisions it gives (player id → division, promotion and relegation applied by the caller). Atomic."""
    new = Season(club=season.club, previous=season)
    for name in RULE_FIELDS:
        setattr(new, name, getattr(season, name))
    new.tie_breaks = list(season.tie_breaks or [])
    apply_fields(new, data, ("name", "start_date", "end_date"))
    if new.start_date and season.end_date and new.start_date <= season.end_date:
        raise ValidationError(
            {
                "start_date": _("The next season starts (%(start)s) before “%(season)s” ends (%(end)s).")
                % {
                    "start": new.start_date.strftime("%d.%m.%Y"),
                    "season": season.name,
                    "end": season.end_date.strftime("%d.%m.%Y"),
                }
            }
        )
    _check_season(new)
    with transaction.atomic():
        save_validated(new)
        placed = SeasonDivision.objects.bulk_create(
            [
                SeasonDivision(season=new, player_id=p, division=d)
                for p, d in sorted(divisions.items())
                if d < new.divisions
            ]
        )
        club_log_add(
            club=new.club,
            action="season_started",
            user=user,
            season=new,
            season_name=new.name,
            previous=season.name,
            placed=len(placed),
        )
    return new
