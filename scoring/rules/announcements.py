"""Announcements (spec §3), read from a deal: each announced run or carré as a `Declaration`, named when it is
malformed. Checking them against one deck is in `deck`, deciding which team counts them in `counting`.

The fast path: every possible announcement is built once as a `Template` (what a Declaration holds but its
team and position). A valid, usual sheet is scored from these (`quick_templates` here, `deck.quick_deck`,
`counting.quick_counted_*`) without building Declarations; anything else returns None and goes through
`parse_declarations`, `deck.check_deck` and `counting.counted_*`, which name the problem. Differential tests
keep both paths equal (tests/scoring/rules/test_validation_fast_path.py).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from scoring.rules.cards import (
    BELOTE_RANKS,
    CARRE,
    CARRE_ORDER,
    CARRE_RANKS,
    CARRE_VALUES,
    MAX_RUN,
    NO_CARRE_RANKS,
    RUN_TYPES,
    run_type,
    run_value,
)
from scoring.rules.rendering import (
    Announcement,
    AnnouncementKind,
    Choices,
    Problem,
    Rank,
    RunOrder,
    Suit,
    field_keys,
    show,
)
from scoring.rules.words import RANK_INDEX, RANKS, SUITS, TEAMS

RUN_FIELDS = frozenset({"type", "suit", "high", "length"})
CARRE_FIELDS = frozenset({"type", "rank"})


def card_bit(suit: str, rank: str) -> int:
    """A card as one bit of a 32-bit deck mask."""
    return 1 << (SUIT_INDEX[suit] * 8 + RANK_INDEX[rank])


SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
KING_QUEEN = {suit: sum(card_bit(suit, rank) for rank in BELOTE_RANKS) for suit in SUITS}


class Declaration(NamedTuple):
    """One announced run or carré of a team. `rank` is the top card of a run, the rank of a carré.

    `mask` holds its cards as deck bits; `key` orders announcements for the French comparison as one integer
    (value, then carré over run, then carré rank, run length, top card), in steps of 2 so that the trump test
    can add 1."""

    team: str
    position: int  # in the team's list; not `index`, which would hide tuple.index
    type: str
    suit: str | None
    rank: str
    length: int
    value: int
    mask: int
    key: int

    @property
    def is_carre(self) -> bool:
        return self.type == CARRE

    def cards(self) -> tuple[tuple[str, str], ...]:
        if self.is_carre:
            return tuple((suit, self.rank) for suit in SUITS)
        suit = self.suit
        assert suit is not None  # a run always has a suit
        top = RANK_INDEX[self.rank]
        return tuple((suit, RANKS[i]) for i in range(top - self.length + 1, top + 1))

    def label(self) -> Announcement:
        """For messages, in the reader's language: 'tierce K♠', 'quinte (6) A♥', 'carré J'."""
        return Announcement(self.type, self.suit, self.rank, self.length)


# What a Declaration holds but its team and position: (type, suit, rank, length, value, mask, key), shared by
# every declaration of that announcement (the fast path); the indices of its fields.
Template = tuple[Any, ...]
T_SUIT, T_RANK, T_LENGTH, T_VALUE, T_MASK, T_KEY = 1, 2, 3, 4, 5, 6


def _template(kind: str, suit: str | None, rank: str, length: int) -> Template:
    """Everything of a Declaration but its team and index, computed once per possible announcement."""
    if kind == CARRE:
        mask = sum(card_bit(s, rank) for s in SUITS)
        value = CARRE_VALUES[rank]
        return (kind, None, rank, 4, value, mask, _order_key(value, 1, CARRE_ORDER[rank], 0, 0))
    assert suit is not None  # a run always has a suit
    top = RANK_INDEX[rank]
    mask = sum(card_bit(suit, RANKS[i]) for i in range(top - length + 1, top + 1))
    value = run_value(length)
    return (kind, suit, rank, length, value, mask, _order_key(value, 0, 0, length, top))


def _order_key(value: int, is_carre: int, carre_rank: int, length: int, top: int) -> int:
    # Mixed radix, lexicographic: value < 1000, then 0/1, carré rank < 10, length < 10, top < 10; × 2 leaves
    # the lowest bit for "in trumps".
    return ((((value * 2 + is_carre) * 10 + carre_rank) * 10 + length) * 10 + top) * 2


# (type, suit, high, length) of every legal run, and the rank of every carré -> template.
_RUNS = {
    (run_type(length), suit, RANKS[top], length): _template(run_type(length), suit, RANKS[top], length)
    for suit in SUITS
    for length in range(3, MAX_RUN + 1)
    for top in range(length - 1, len(RANKS))
}
_CARRES = {rank: _template(CARRE, None, rank, 4) for rank in CARRE_VALUES}


class Belote(NamedTuple):
    team: str
    position: int  # in the deal's belote list
    suit: str | None  # None: all-trumps short form, suit not given


def parse_declarations(raw: Any, deal: int) -> tuple[dict[str, list[Declaration]], list[Problem]]:
    """Read `declarations` ({"A": [...], "B": [...]}, null, or missing) into Declarations per team."""
    result: dict[str, list[Declaration]] = {team: [] for team in TEAMS}
    if raw is None:
        return result, []
    if not isinstance(raw, dict):
        return result, [Problem(deal, "declarations", "declarations_not_object", {"got": show(raw)})]
    problems: list[Problem] = []
    for team, items in raw.items():
        if team not in TEAMS:
            problems.append(
                Problem(deal, "declarations", "unknown_field", {"name": show(team), "choices": field_keys(TEAMS)})
            )
            continue
        if items is None:
            continue
        if not isinstance(items, list):
            problems.append(
                Problem(deal, f"declarations.{team}", "declarations_not_list", {"team": team, "got": show(items)})
            )
            continue
        for index, item in enumerate(items):
            declaration = _parse_one(item, team, index, deal, problems)
            if declaration is not None:
                result[team].append(declaration)
    return result, problems


def _parse_one(item: Any, team: str, index: int, deal: int, problems: list[Problem]) -> Declaration | None:
    if type(item) is dict:
        # Fast path: a well-formed announcement is looked up among all possible ones.
        kind = item.get("type")
        if kind == CARRE:
            rank = item.get("rank")
            if type(rank) is str and len(item) == 2 and rank in _CARRES:
                return _declaration(team, index, _CARRES[rank])
        elif type(kind) is str and kind in RUN_TYPES and item.keys() <= RUN_FIELDS:
            suit, high, length = item.get("suit"), item.get("high"), item.get("length")
            if type(suit) is str and type(high) is str and (length is None or type(length) is int):
                found = _RUNS.get((kind, suit, high, RUN_TYPES[kind] if length is None else length))
                if found is not None:
                    return _declaration(team, index, found)
    return _parse_slowly(item, team, index, deal, problems)


_MADE: dict[tuple[str, int, Template], Declaration] = {}


def _declaration(team: str, index: int, template: Template) -> Declaration:
    """Declarations are immutable: share one object per (team, position, announcement)."""
    key = (team, index, template)
    found = _MADE.get(key)
    if found is None:
        found = Declaration(team, index, *template)
        if index < 16:  # positions on real sheets; keeps the cache bounded
            _MADE[key] = found
    return found


def _parse_slowly(item: Any, team: str, index: int, deal: int, problems: list[Problem]) -> Declaration | None:
    """The full checks, naming what is wrong (or accepting an unusual but valid form)."""
    field = f"declarations.{team}.{index}"
    if not isinstance(item, dict):
        problems.append(Problem(deal, field, "declaration_not_object", {"got": show(item)}))
        return None
    kind = item.get("type")
    if not isinstance(kind, str) or (kind != CARRE and kind not in RUN_TYPES):
        problems.append(Problem(deal, f"{field}.type", "declaration_type", {"got": show(kind)}))
        return None
    allowed = CARRE_FIELDS if kind == CARRE else RUN_FIELDS
    extra = [key for key in item if key not in allowed]
    if extra:
        problems.append(
            Problem(deal, field, "unknown_field", {"name": show(extra[0]), "choices": field_keys(sorted(allowed))})
        )
        return None
    if kind == CARRE:
        rank = item.get("rank")
        if rank in NO_CARRE_RANKS:
            problems.append(Problem(deal, f"{field}.rank", "carre_not_announcement", {"rank": Rank(rank)}))
            return None
        if not isinstance(rank, str) or rank not in CARRE_VALUES:
            problems.append(
                Problem(
                    deal,
                    f"{field}.rank",
                    "carre_rank_invalid",
                    # The values the field takes, as they are sent ("J", not the reader's "B" for Bube).
                    {"choices": Choices(tuple(show(r) for r in CARRE_RANKS)), "got": show(rank)},
                )
            )
            return None
        return Declaration(team, index, *_CARRES[rank])

    suit, high, length = item.get("suit"), item.get("high"), item.get("length")
    before = len(problems)
    if not isinstance(suit, str) or suit not in SUITS:
        problems.append(
            Problem(
                deal,
                f"{field}.suit",
                "declaration_suit",
                {"type": AnnouncementKind(kind), "choices": Choices(tuple(Suit(s) for s in SUITS)), "got": show(suit)},
            )
        )
    if not isinstance(high, str) or high not in RANK_INDEX:
        problems.append(
            Problem(
                deal,
                f"{field}.high",
                "declaration_high",
                {"type": AnnouncementKind(kind), "choices": Choices(tuple(show(r) for r in RANKS)), "got": show(high)},
            )
        )
    base = RUN_TYPES[kind]
    if length is None:
        length = base
    elif kind == "quinte":
        if type(length) is not int or not 5 <= length <= MAX_RUN:
            problems.append(
                Problem(
                    deal,
                    f"{field}.length",
                    "declaration_length",
                    {"type": AnnouncementKind(kind), "expected": "5–8", "got": show(length)},
                )
            )
    elif length != base or type(length) is not int:
        problems.append(
            Problem(
                deal,
                f"{field}.length",
                "declaration_length",
                {"type": AnnouncementKind(kind), "expected": base, "got": show(length)},
            )
        )
    if len(problems) > before:
        return None
    assert isinstance(suit, str) and isinstance(high, str)  # checked just above
    if RANK_INDEX[high] < length - 1:
        problems.append(
            Problem(
                deal,
                f"{field}.high",
                "declaration_run_too_low",
                {
                    "length": length,
                    "order": RunOrder(),
                    "lowest": Rank(RANKS[length - 1]),
                    "got": Rank(high),
                },
            )
        )
        return None
    return Declaration(team, index, *_RUNS[(kind, suit, high, length)])


# --- fast path -----------------------------------------------------------------------------------------


def quick_templates(items: Any) -> list[Template] | None:
    """The templates of one team's announcements in their usual form, or None for anything else."""
    if items is None or items == []:
        return []
    if type(items) is not list:
        return None
    out = []
    for item in items:
        if type(item) is not dict:
            return None
        kind = item.get("type")
        if kind == CARRE:
            rank = item.get("rank")
            if type(rank) is not str or len(item) != 2:
                return None
            found = _CARRES.get(rank)
        elif type(kind) is str and kind in RUN_TYPES and item.keys() <= RUN_FIELDS:
            suit, high, length = item.get("suit"), item.get("high"), item.get("length")
            if type(suit) is not str or type(high) is not str or (length is not None and type(length) is not int):
                return None
            found = _RUNS.get((kind, suit, high, RUN_TYPES[kind] if length is None else length))
        else:
            return None
        if found is None:
            return None
        out.append(found)
    return out
