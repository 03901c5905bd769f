"""Announcements and belotes against one 32-card deck (spec §3, Consistency): no card in two announcements,
a belote's K and Q never in the other team's announcement, each team's cards in two hands of 8."""

from __future__ import annotations

from scoring.rules.announcements import KING_QUEEN, T_MASK, Belote, Declaration, Template
from scoring.rules.cards import BELOTE_RANKS
from scoring.rules.rendering import Card, Problem
from scoring.rules.words import OTHER, SUITS, TEAMS


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
        for rank in BELOTE_RANKS:
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
        holders = [owner.get((suit, rank)) for rank in BELOTE_RANKS]
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
        for rank in BELOTE_RANKS:
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


def quick_deck(own_a: list[Template], own_b: list[Template], belote_a: int, belote_b: int, trump: str) -> bool:
    """True when the announcements and a suit contract's belotes (K+Q of `trump`) surely fit one deck
    and two hands of 8 cards per team; False sends the deal to check_deck."""
    mask_a = mask_b = 0
    for template in own_a:
        if mask_a & template[T_MASK]:
            return False
        mask_a |= template[T_MASK]
    for template in own_b:
        mask = template[T_MASK]
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
