"""Announcements (spec §3): reading them from a deal, checking them against one deck, and deciding which
team counts them (French comparison, belot comparison, void announcements after a capot)."""

from __future__ import annotations

from typing import Any, NamedTuple

from scoring.rules.cards import (
    ALL_TRUMP,
    CARRE,
    CARRE_ORDER,
    CARRE_VALUES,
    MAX_RUN,
    OTHER,
    RANK_INDEX,
    RANKS,
    RUN_TYPES,
    SUITS,
    TEAMS,
    run_type,
    run_value,
)
from scoring.rules.messages import (
    Announcement,
    AnnouncementKind,
    Card,
    Choices,
    Problem,
    Rank,
    RunOrder,
    Suit,
    show,
)

RUN_FIELDS = frozenset({"type", "suit", "high", "length"})
CARRE_FIELDS = frozenset({"type", "rank"})


def card_bit(suit: str, rank: str) -> int:
    """A card as one bit of a 32-bit deck mask."""
    return 1 << (SUIT_INDEX[suit] * 8 + RANK_INDEX[rank])


SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
KING_QUEEN = {suit: card_bit(suit, "K") | card_bit(suit, "Q") for suit in SUITS}


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
# every declaration of that announcement (see the fast path below).
Template = tuple[Any, ...]


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
    result: dict[str, list[Declaration]] = {"A": [], "B": []}
    if raw is None:
        return result, []
    if not isinstance(raw, dict):
        return result, [Problem(deal, "declarations", "declarations_not_object", {"got": show(raw)})]
    problems: list[Problem] = []
    for team, items in raw.items():
        if team not in TEAMS:
            problems.append(Problem(deal, "declarations", "unknown_field", {"name": show(team), "choices": "A, B"}))
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
            Problem(deal, field, "unknown_field", {"name": show(extra[0]), "choices": ", ".join(sorted(allowed))})
        )
        return None
    if kind == CARRE:
        rank = item.get("rank")
        if rank in ("7", "8"):
            problems.append(Problem(deal, f"{field}.rank", "carre_not_announcement", {"rank": Rank(rank)}))
            return None
        if not isinstance(rank, str) or rank not in CARRE_VALUES:
            problems.append(
                Problem(
                    deal,
                    f"{field}.rank",
                    "carre_rank_invalid",
                    {"choices": Choices(tuple(Rank(r) for r in ("J", "9", "A", "10", "K", "Q"))), "got": show(rank)},
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
                {"type": AnnouncementKind(kind), "choices": Choices(tuple(Rank(r) for r in RANKS)), "got": show(high)},
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


def check_deck(
    declarations: dict[str, list[Declaration]], belotes: list[Belote], trump: str, deal: int
) -> tuple[list[Belote], list[Problem]]:
    """Check the announcements and belotes against one 32-card deck (spec §3, Consistency).

    No card in two announcements (across both teams); a belote's K and Q never in the other team's
    announcement; each team's announcements and belotes fit in two hands of 8 cards. Returns the belotes
    with all-trumps short forms given a suit, and the problems (each naming the card).
    """
    # Fast path on deck bitmasks; anything unusual goes through the card-by-card checks below.
    used = 0
    team_mask = {"A": 0, "B": 0}
    for team in TEAMS:
        for declaration in declarations[team]:
            if used & declaration.mask:
                return _check_deck_slowly(declarations, belotes, trump, deal)
            used |= declaration.mask
            team_mask[team] |= declaration.mask
    held = dict(team_mask)
    for belote in belotes:
        if belote.suit is None or team_mask[OTHER[belote.team]] & KING_QUEEN[belote.suit]:
            return _check_deck_slowly(declarations, belotes, trump, deal)
        held[belote.team] |= KING_QUEEN[belote.suit]
    if held["A"].bit_count() > 8 or held["B"].bit_count() > 8:
        return _check_deck_slowly(declarations, belotes, trump, deal)  # may still fit in two hands
    return belotes, []


def _check_deck_slowly(
    declarations: dict[str, list[Declaration]], belotes: list[Belote], trump: str, deal: int
) -> tuple[list[Belote], list[Problem]]:
    owner: dict[tuple[str, str], Declaration] = {}
    for team in TEAMS:
        for declaration in declarations[team]:
            for card in declaration.cards():
                first = owner.get(card)
                if first is not None:
                    return belotes, [
                        Problem(
                            deal,
                            f"declarations.{team}.{declaration.position}",
                            "card_twice",
                            {
                                "card": Card(*card),
                                "team": first.team,
                                "first": first.label(),
                                "other": team,
                                "second": declaration.label(),
                            },
                        )
                    ]
                owner[card] = declaration

    problems: list[Problem] = []
    resolved: list[Belote] = []
    taken = {b.suit for b in belotes if b.suit is not None}
    for belote in belotes:
        suit = belote.suit
        if suit is None:
            suit = _free_belote_suit(belote.team, owner, taken, trump)
            if suit is None:
                # Every suit left is blocked by the other team's announcements: name one blocked card.
                blocked = next(s for s in SUITS if s not in taken)
                suit = blocked
            else:
                taken.add(suit)
            belote = belote._replace(suit=suit)
        for rank in ("K", "Q"):
            holder = owner.get((suit, rank))
            if holder is not None and holder.team != belote.team:
                problems.append(
                    Problem(
                        deal,
                        f"belote.{belote.position}",
                        "belote_card_conflict",
                        {
                            "team": belote.team,
                            "card": Card(suit, rank),
                            "other": holder.team,
                            "announcement": holder.label(),
                        },
                    )
                )
                break
        resolved.append(belote)
    if problems:
        return resolved, problems

    for team in TEAMS:
        cards = _hands_needed(declarations[team], [b for b in resolved if b.team == team], owner)
        if cards:
            problems.append(Problem(deal, f"declarations.{team}", "hand_overflow", {"team": team, "cards": cards}))
    return resolved, problems


def _free_belote_suit(team: str, owner: dict[tuple[str, str], Declaration], taken: set[str], trump: str) -> str | None:
    """A suit for an all-trumps belote given without one: not taken, K and Q not the other team's;
    prefer suits whose K and Q already sit in this team's announcements (fewest extra cards)."""
    best, best_extra = None, 3
    for suit in SUITS:
        if suit in taken:
            continue
        holders = [owner.get((suit, rank)) for rank in ("K", "Q")]
        if any(h is not None and h.team != team for h in holders):
            continue
        extra = sum(h is None for h in holders)
        if extra < best_extra:
            best, best_extra = suit, extra
    return best


def _hands_needed(own: list[Declaration], belotes: list[Belote], owner: dict[tuple[str, str], Declaration]) -> int:
    """0 if the team's announcements and belotes can be held in two hands of 8 cards, else the card count.

    Each announcement belongs to one player; a belote's K and Q are in one hand, so announcements holding
    them go to the same player. Group them, then split the groups between two hands.
    """
    if not own:
        return 0
    parent = list(range(len(own) + len(belotes)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    node_of = {d.position: i for i, d in enumerate(own)}
    sizes = [d.length for d in own] + [0] * len(belotes)
    for j, belote in enumerate(belotes):
        node = len(own) + j
        assert belote.suit is not None  # resolved: the caller gave every belote a suit
        for rank in ("K", "Q"):
            holder = owner.get((belote.suit, rank))
            if holder is not None and holder.team == belote.team:
                parent[find(node_of[holder.position])] = find(node)
            else:
                sizes[node] += 1
    groups: dict[int, int] = {}
    for i, size in enumerate(sizes):
        root = find(i)
        groups[root] = groups.get(root, 0) + size
    total = sum(groups.values())
    if total > 16 or max(groups.values()) > 8:
        return total
    reachable = 1  # bitmask of card counts one player can hold
    for size in groups.values():
        reachable |= reachable << size
    if any(reachable >> n & 1 and total - n <= 8 for n in range(9)):
        return 0
    return total


# --- who scores ----------------------------------------------------------------------------------------


def _french_key(d: Declaration, trump: str) -> int:
    """Between runs of equal value and length and top card, the run in trumps wins."""
    return d.key + 1 if d.suit == trump or (trump == ALL_TRUMP and d.suit is not None) else d.key


def _best(declarations: list[Declaration], trump: str) -> int:
    best = -1
    for d in declarations:
        key = d.key + 1 if d.suit == trump or (trump == ALL_TRUMP and d.suit is not None) else d.key
        if key > best:
            best = key
    return best


def counted_french(
    declarations: dict[str, list[Declaration]], trump: str, tie: str, eldest: str | None, capot: str | None
) -> tuple[int, int] | None:
    """Counted announcement points (A, B) under the French comparison; None for a tie under `eldest`
    when the deal names no eldest team.

    The team with the best single announcement scores all of its announcements, the other none; an exact
    tie cancels all (`cancel`) or goes to `eldest`. A team that won no trick (the other made capot) loses
    what it won, and the other team does not get it.
    """
    own_a, own_b = declarations["A"], declarations["B"]
    if not own_a and not own_b:
        return 0, 0
    if not own_b:
        winner = "A"
    elif not own_a:
        winner = "B"
    else:
        best_a = _best(own_a, trump)
        best_b = _best(own_b, trump)
        if best_a != best_b:
            winner = "A" if best_a > best_b else "B"
        elif tie == "eldest":
            if eldest is None:
                return None  # the deal must name the eldest team
            winner = eldest
        else:
            return 0, 0
    if capot == OTHER[winner]:
        return 0, 0
    points = sum(d.value for d in declarations[winner])
    return (points, 0) if winner == "A" else (0, points)


def counted_belot(declarations: dict[str, list[Declaration]], capot: str | None) -> tuple[int, int]:
    """Counted declaration points (A, B) under the belot comparison: runs and carrés compared separately.

    Runs: longest wins, then the higher top card; an exact tie cancels every run. Carrés: J > 9 > A > 10 >
    K > Q. Each winning team scores all its runs (resp. carrés); a team that won no trick scores none.
    """
    points = {"A": 0, "B": 0}
    run_best: dict[str, tuple[int, ...] | None] = {
        t: max(((d.length, RANK_INDEX[d.rank]) for d in declarations[t] if not d.is_carre), default=None) for t in TEAMS
    }
    # Carré keys are 1-tuples so that both kinds compare as tuples (a 1-tuple orders as its int).
    carre_best: dict[str, tuple[int, ...] | None] = {
        t: max(((CARRE_ORDER[d.rank],) for d in declarations[t] if d.is_carre), default=None) for t in TEAMS
    }
    for best, is_carre in ((run_best, False), (carre_best, True)):
        a, b = best["A"], best["B"]
        if a is None and b is None:
            continue
        if a is not None and b is not None and a == b:
            continue  # exact tie between runs cancels every run
        winner = "A" if b is None or (a is not None and a > b) else "B"
        points[winner] += sum(d.value for d in declarations[winner] if d.is_carre == is_carre)
    if capot is not None:
        points[OTHER[capot]] = 0
    return points["A"], points["B"]


def best_label(declarations: dict[str, list[Declaration]], trump: str) -> Announcement:
    """The tied best announcement, for the eldest_missing message."""
    best = max((d for t in TEAMS for d in declarations[t]), key=lambda d: _french_key(d, trump))
    return best.label()


# --- fast path -----------------------------------------------------------------------------------------
# Announcements as their shared templates (type, suit, rank, length, value, mask, key): what a Declaration
# holds but its team and position. A valid, usual sheet is scored from these without building Declarations;
# anything else returns None and goes through parse_declarations, check_deck and counted_* above, which name
# the problem. Differential tests keep both paths equal (tests/scoring/rules/test_validation_fast_path.py).

_T_SUIT, _T_RANK, _T_LENGTH, _T_VALUE, _T_MASK, _T_KEY = 1, 2, 3, 4, 5, 6


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


def quick_deck(own_a: list[Template], own_b: list[Template], belote_a: int, belote_b: int, trump: str) -> bool:
    """True when the announcements and a suit contract's belotes (K+Q of `trump`) surely fit one deck
    and two hands of 8 cards per team; False sends the deal to check_deck."""
    mask_a = mask_b = 0
    for template in own_a:
        if mask_a & template[_T_MASK]:
            return False
        mask_a |= template[_T_MASK]
    for template in own_b:
        mask = template[_T_MASK]
        if (mask_a | mask_b) & mask:
            return False
        mask_b |= mask
    if belote_a or belote_b:
        king_queen = KING_QUEEN[trump]
        if belote_a:
            if mask_b & king_queen:
                return False
            mask_a |= king_queen
        if belote_b:
            if mask_a & king_queen:
                return False
            mask_b |= king_queen
    return mask_a.bit_count() <= 8 and mask_b.bit_count() <= 8


def quick_counted_french(
    own_a: list[Template], own_b: list[Template], trump: str, tie: str, eldest: str | None, capot: str | None
) -> tuple[int, int] | None:
    """counted_french on templates; None for a tie under `eldest` without one."""
    if not own_b:
        winner = "A"
    elif not own_a:
        winner = "B"
    else:
        all_trump = trump == ALL_TRUMP
        best_a = best_b = -1
        for template in own_a:
            suit = template[_T_SUIT]
            key = template[_T_KEY] + 1 if suit == trump or (all_trump and suit is not None) else template[_T_KEY]
            if key > best_a:
                best_a = key
        for template in own_b:
            suit = template[_T_SUIT]
            key = template[_T_KEY] + 1 if suit == trump or (all_trump and suit is not None) else template[_T_KEY]
            if key > best_b:
                best_b = key
        if best_a != best_b:
            winner = "A" if best_a > best_b else "B"
        elif tie == "eldest":
            if eldest is None:
                return None
            winner = eldest
        else:
            return 0, 0
    if capot is not None and capot != winner:
        return 0, 0  # the winner took no trick: its announcements are void
    if winner == "A":
        return sum(template[_T_VALUE] for template in own_a), 0
    return 0, sum(template[_T_VALUE] for template in own_b)


def quick_counted_belot(own_a: list[Template], own_b: list[Template], capot: str | None) -> tuple[int, int]:
    """counted_belot on templates: runs and carrés compared separately."""
    points = [0, 0]
    for is_carre in (False, True):
        best: list[tuple[int, ...] | None] = [None, None]
        for side, own in enumerate((own_a, own_b)):
            for template in own:
                if (template[0] == CARRE) is is_carre:
                    rank = template[_T_RANK]
                    key = (CARRE_ORDER[rank],) if is_carre else (template[_T_LENGTH], RANK_INDEX[rank])
                    current = best[side]
                    if current is None or key > current:
                        best[side] = key
        a, b = best
        if a is None and b is None:
            continue
        if a is not None and b is not None and a == b:
            continue  # an exact tie between runs cancels every run
        side = 0 if b is None or (a is not None and a > b) else 1
        points[side] += sum(t[_T_VALUE] for t in (own_a, own_b)[side] if (t[0] == CARRE) is is_carre)
    if capot == "A":
        points[1] = 0  # a team that won no trick scores none
    elif capot == "B":
        points[0] = 0
    return points[0], points[1]
