"""Helpers for the standings tests: build rounds, games and confirmed sheets with hand-typed numbers."""

from __future__ import annotations

from scoring.models import Sheet
from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tournaments.models import Game, Round, Standing


def make_event(**kwargs):
    kwargs.setdefault("ranking_precedence", ["match_points", "total_points", "point_difference"])
    return EventFactory(**kwargs)


def make_entries(event, count: int, *, melee: bool = False) -> list:
    """`count` entries numbered 1..count (single players in mêlée)."""
    entries = []
    for number in range(1, count + 1):
        player_1 = PlayerFactory(club=event.club, first_name=f"P{number}", last_name=f"Spieler{number}")
        if melee:
            entries.append(EntryFactory(event=event, number=number, player_1=player_1, player_2=None))
        else:
            player_2 = PlayerFactory(club=event.club, first_name=f"Q{number}", last_name=f"Partner{number}")
            entries.append(EntryFactory(event=event, number=number, player_1=player_1, player_2=player_2))
    return entries


def make_round(event, number: int, status=Round.Status.CLOSED, seed: int = 1000) -> Round:
    return Round.objects.create(event=event, number=number, method="manual", seed=seed + number, status=status)


def _seats(side_a, side_b) -> dict:
    if len(side_a) == 2:  # mêlée: each entry is one player
        return {
            "N": side_a[0].player_1_id,
            "S": side_a[1].player_1_id,
            "E": side_b[0].player_1_id,
            "W": side_b[1].player_1_id,
        }
    return {
        "N": side_a[0].player_1_id,
        "S": side_a[0].player_2_id,
        "E": side_b[0].player_1_id,
        "W": side_b[0].player_2_id,
    }


def play(
    rnd: Round,
    a,
    b,
    deals: list[tuple[int, int]],
    *,
    table: int | None = None,
    status=Sheet.Status.CONFIRMED,
    winner: str | None = None,
) -> Game:
    """A game of `a` against `b` (an entry, or a tuple of two entries in mêlée) whose sheet has the given
    deal scores (A, B) and the given status; totals and the §6 result JSON are the sums of those scores."""
    side_a = a if isinstance(a, tuple) else (a,)
    side_b = b if isinstance(b, tuple) else (b,)
    if table is None:
        table = Game.objects.filter(round=rnd).count() + 1
    game = Game.objects.create(
        round=rnd,
        table_number=table,
        entry_a=side_a[0],
        entry_a_partner=side_a[1] if len(side_a) > 1 else None,
        entry_b=side_b[0],
        entry_b_partner=side_b[1] if len(side_b) > 1 else None,
        seats=_seats(side_a, side_b),
        first_dealer="N",
    )
    total_a = sum(d[0] for d in deals)
    total_b = sum(d[1] for d in deals)
    if winner is None:
        winner = "A" if total_a > total_b else "B" if total_b > total_a else ""
    result = {
        "valid": True,
        "deals": [
            {
                "outcome": "passed" if d == (0, 0) else "made",
                "score": {"A": d[0], "B": d[1]},
                "held": 0,
                "collected": None,
                "errors": [],
            }
            for d in deals
        ],
        "totals": {"A": total_a, "B": total_b},
        "held": 0,
        "finished": True,
        "winner": winner or None,
        "errors": [],
    }
    Sheet.objects.create(
        game=game,
        status=status,
        result=result,
        total_a=total_a,
        total_b=total_b,
        finished=True,
        winner=winner,
        deal_count=len(deals),
        version=3,
    )
    return game


def bye(rnd: Round, entry, partner=None) -> Game:
    return Game.objects.create(round=rnd, table_number=None, entry_a=entry, entry_a_partner=partner, is_bye=True)


def won(total_a: int, total_b: int) -> list[tuple[int, int]]:
    """One deal holding the whole result (for tests where deals do not matter)."""
    return [(total_a, total_b)]


def table(event, after: int) -> list[tuple]:
    """(start number, rank, MP, total, against, diff) of the snapshot after round `after`, best first."""
    rows = (
        Standing.objects.filter(event=event, round_number=after)
        .select_related("entry")
        .order_by("rank", "entry__number")
    )
    return [
        (s.entry.number, s.rank, s.match_points, s.total_points, s.points_against, s.total_points - s.points_against)
        for s in rows
    ]


def by_number(event, after: int) -> dict[int, Standing]:
    return {s.entry.number: s for s in Standing.objects.filter(event=event, round_number=after).select_related("entry")}


def four_teams_event():
    """Four teams, two rounds (win 2, draw 1, loss 0).

    R1: 1–2 1200:900 (deals 500:200, 300:400, 400:300), 3–4 1000:1000 (600:400, 400:600)
    R2: 1–3 800:1100 (300:500, 500:300, 0:300), 2–4 950:700 (450:250, 500:450, passed 0:0)
    """
    event = make_event()
    t1, t2, t3, t4 = make_entries(event, 4)
    r1, r2 = make_round(event, 1), make_round(event, 2)
    play(r1, t1, t2, [(500, 200), (300, 400), (400, 300)])
    play(r1, t3, t4, [(600, 400), (400, 600)])
    play(r2, t1, t3, [(300, 500), (500, 300), (0, 300)])
    play(r2, t2, t4, [(450, 250), (500, 450), (0, 0)])
    return event
