"""Shared hypothesis strategies and brute-force oracles for the pairing tests (not a test module)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from hypothesis import strategies as st

from tournaments.pairing import Draw, DrawnGame, Entrant, History


def perfect_matchings(items: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of ``items`` (an even number of them)."""
    if not items:
        yield []
        return
    first, rest = items[0], list(items[1:])
    for index, other in enumerate(rest):
        for matching in perfect_matchings(rest[:index] + rest[index + 1 :]):
            yield [(first, other), *matching]


def fair_bye_sets(entrants: Sequence[Entrant], count: int) -> list[tuple[int, ...]]:
    """Every set of ``count`` entrants that may sit out: none of them has more byes than anyone playing."""
    byes = {e.id: e.byes for e in entrants}
    result = []
    for chosen in combinations(sorted(byes), count):
        rest = [byes[i] for i in byes if i not in chosen]
        if max((byes[i] for i in chosen), default=0) <= min(rest, default=0) or not chosen:
            result.append(chosen)
    return result


def met(history: History, a: int, b: int) -> bool:
    return b in history.opponents.get(a, ()) or a in history.opponents.get(b, ())


def partnered(history: History, p: int, q: int) -> bool:
    return q in history.partners.get(p, ()) or p in history.partners.get(q, ())


def appearances(draw: Draw) -> list[int]:
    """Every entrant id in the draw, once per appearance (tables and byes)."""
    return [e for game in draw.games for e in game.entrants] + [bye.entrant for bye in draw.byes]


def assert_everyone_once(draw: Draw, entrants: Sequence[Entrant]) -> None:
    seen = appearances(draw)
    assert sorted(seen) == sorted(e.id for e in entrants)
    tables = [game.table for game in draw.games]
    assert len(set(tables)) == len(tables)
    for game in draw.games:
        assert set(game.seats) == {"N", "E", "S", "W"}
        assert game.first_dealer in game.seats
        assert (game.seats["N"], game.seats["S"]) == game.side_a_players
        assert (game.seats["E"], game.seats["W"]) == game.side_b_players


def assert_fair_byes(draw: Draw, entrants: Sequence[Entrant]) -> None:
    byes = {e.id: e.byes for e in entrants}
    playing = [e for game in draw.games for e in game.entrants]
    for bye in draw.byes:
        assert byes[bye.entrant] <= min((byes[e] for e in playing), default=0)


def game_met(history: History, game: DrawnGame) -> bool:
    return any(met(history, a, b) for a in game.side_a_entrants for b in game.side_b_entrants)


@st.composite
def teams(draw, min_size: int = 2, max_size: int = 10, players: int = 2, max_byes: int = 2) -> list[Entrant]:
    """Entrants with distinct ids and players, small score/club/bye ranges so ties and clashes happen."""
    ids = draw(st.lists(st.integers(1, 60), min_size=min_size, max_size=max_size, unique=True))
    ranked = draw(st.booleans())
    ranks = draw(st.permutations(range(1, len(ids) + 1))) if ranked else [None] * len(ids)
    result = []
    for entrant_id, rank in zip(ids, ranks, strict=True):
        result.append(
            Entrant(
                id=entrant_id,
                players=tuple(1000 + players * entrant_id + k for k in range(players)),
                club_id=draw(st.sampled_from([None, 1, 2, 3])),
                score=float(draw(st.integers(0, 3))),
                rank=rank,
                byes=draw(st.integers(0, max_byes)),
            )
        )
    return result


@st.composite
def histories(draw, entrants: Sequence[Entrant], density: float | None = None, partners: bool = False) -> History:
    """A history over ``entrants``: random past meetings, each recorded in one direction only."""
    ids = [e.id for e in entrants]
    chance = density if density is not None else draw(st.sampled_from([0.0, 0.2, 0.5, 0.8]))
    opponents: dict[int, set[int]] = {}
    for a, b in combinations(ids, 2):
        if draw(st.floats(0, 1)) < chance:
            key, other = (a, b) if draw(st.booleans()) else (b, a)
            opponents.setdefault(key, set()).add(other)
    partner_map: dict[int, set[int]] = {}
    if partners:
        players = [p for e in entrants for p in e.players]
        for p, q in combinations(players, 2):
            if draw(st.floats(0, 1)) < chance:
                partner_map.setdefault(p, set()).add(q)
    return History(opponents=opponents, partners=partner_map, past_rounds=draw(st.integers(0, 5)))


@st.composite
def team_cases(draw, max_size: int = 10) -> tuple[list[Entrant], History, int, int]:
    """A small field of teams with a history, a round number and a seed: (entrants, history, round, seed)."""
    entrants = draw(teams(min_size=2, max_size=max_size))
    history = draw(histories(entrants))
    return entrants, history, draw(st.integers(1, 6)), draw(st.integers(0, 2**32))


def min_rematches(entrants: Sequence[Entrant], history: History) -> int:
    """The fewest rematches of any draw that keeps the bye rule, by exhaustive search (small fields only)."""
    return min(
        sum(met(history, a, b) for a, b in matching)
        for sitting in fair_bye_sets(entrants, len(entrants) % 2)
        for matching in perfect_matchings([e.id for e in entrants if e.id not in sitting])
    )


def swiss_field(count: int, rounds: int, seed: int):
    """`count` entrants of 20 clubs with random scores, each met `rounds` random opponents already."""
    rng = random.Random(seed)
    entrants = [
        Entrant(i, (2 * i, 2 * i + 1), club_id=rng.randrange(20), score=float(rng.randint(0, rounds)), rank=i + 1)
        for i in range(count)
    ]
    opponents = {i: {j for j in rng.sample(range(count), rounds) if j != i} for i in range(count)}
    return entrants, History(opponents=opponents, past_rounds=rounds)
