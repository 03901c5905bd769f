"""What a draw takes from beyond its own event: the season's earlier evenings (who partnered whom, who met
whom) and the club's forbidden pairings. A fixed number of queries whatever the season's length: one over the
club's forbidden pairings, and in mêlée one over the games of the season's earlier evenings."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from django.db.models import Q

from tournaments.draw_labels import OPPONENT_CODES, PARTNER_CODES, SEASON_CODES, flag_sentences
from tournaments.models import Event, ForbiddenPairing, Game, Round
from tournaments.pairing import History

Counts = dict[int, dict[int, int]]


def _count(counts: Counts, p: int, q: int) -> None:
    if p != q:
        low, high = min(p, q), max(p, q)
        row = counts.setdefault(low, {})
        row[high] = row.get(high, 0) + 1


def season_meetings(event: Event) -> tuple[Counts, Counts]:
    """(partners, opponents) by player id, counted over the played rounds (not drafts) of the events of
    `event`'s season held before it (earlier date, or the same date and created before): who sat at one table
    as mêlée partners, and who across a table. One query, none when the event has no season. The seats name
    who played (a substitute too)."""
    if event.season_id is None:
        return {}, {}
    rows = (
        Game.objects.filter(round__event__season_id=event.season_id, is_bye=False)
        .filter(Q(round__event__date__lt=event.date) | Q(round__event__date=event.date, round__event_id__lt=event.pk))
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("seats", "round__event__team_mode")
    )
    partners: Counts = {}
    opponents: Counts = {}
    for seats, team_mode in rows:
        seat = {key: int(value) for key, value in (seats or {}).items() if value is not None}
        if len(seat) != 4:
            continue
        if team_mode == Event.TeamMode.MELEE:
            _count(partners, seat["N"], seat["S"])
            _count(partners, seat["E"], seat["W"])
        for p in (seat["N"], seat["S"]):
            for q in (seat["E"], seat["W"]):
                _count(opponents, p, q)
    return partners, opponents


def forbidden_pairs(club_id: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(never partners, never opponents) as player id pairs: the club's forbidden pairings not removed. One
    query."""
    partners: list[tuple[int, int]] = []
    opponents: list[tuple[int, int]] = []
    rows = (
        ForbiddenPairing.objects.filter(club_id=club_id, removed_at__isnull=True)
        .order_by("player_a_id", "player_b_id")
        .values_list("player_a_id", "player_b_id", "kind")
    )
    for a, b, kind in rows:
        if kind in (ForbiddenPairing.Kind.TABLE, ForbiddenPairing.Kind.PARTNERS):
            partners.append((a, b))
        if kind in (ForbiddenPairing.Kind.TABLE, ForbiddenPairing.Kind.OPPONENTS):
            opponents.append((a, b))
    return partners, opponents


def with_season(event: Event, history: History) -> History:
    """The event's own `history` with the club's forbidden pairings and, for a mêlée event in a season, the
    season's earlier partners and opponents: one query, two for mêlée in a season."""
    never_partners, never_opponents = forbidden_pairs(event.club_id)
    history = replace(history, forbidden_partners=tuple(never_partners), forbidden_opponents=tuple(never_opponents))
    if event.team_mode != Event.TeamMode.MELEE:
        return history
    partners, opponents = season_meetings(event)
    return replace(history, season_partners=partners, season_opponents=opponents)


def explain_flags(event: Event, rows: list) -> list[tuple[int, str]]:
    """The draw page's notes for the forbidden-pairing and season-partner flags of its `rows`
    (`draw_selectors.GameRow`): (table number, sentence) naming the players and the reason
    (`tournaments.draw_labels.flag_sentences`), in table order. No query when no row has such a flag; else
    one for the club's forbidden pairings (removed ones too: a pairing removed after the draw still explains
    it) and one for the season's earlier partners."""
    codes = {code for row in rows for code in row.game.flags or []}
    if not codes & (OPPONENT_CODES | PARTNER_CODES | SEASON_CODES):
        return []
    forbidden: dict[frozenset[int], tuple[str, str]] = {}
    if codes & (OPPONENT_CODES | PARTNER_CODES):
        kinds = dict(ForbiddenPairing.Kind.choices)
        pairings = ForbiddenPairing.objects.filter(club_id=event.club_id).order_by("-removed_at", "created_at")
        for a, b, kind, reason in pairings.values_list("player_a_id", "player_b_id", "kind", "reason"):
            forbidden[frozenset({a, b})] = (reason, str(kinds.get(kind, "")))
    season: set[frozenset[int]] = set()
    if codes & SEASON_CODES:
        partners, _opponents = season_meetings(event)
        season = {frozenset({p, q}) for p, row in partners.items() for q in row}
    notes = []
    for row in rows:
        if row.side_b is None:
            continue
        sides = [row.side_a.players, row.side_b.players]
        pairs = [tuple(side) for side in sides if len(side) == 2]
        across = list(product(sides[0], sides[1]))
        for code in row.game.flags or []:
            for sentence in flag_sentences(code, partners=pairs, opponents=across, forbidden=forbidden, season=season):
                notes.append((row.game.table_number, sentence))
    return notes
