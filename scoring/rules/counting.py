"""Which team counts its announcements (spec §3): the French comparison (best single announcement), the
belot comparison (runs and carrés apart), and announcements void after a capot; on Declarations and, for
the fast path, on Templates."""

from __future__ import annotations

from scoring.rules.announcements import T_KEY, T_LENGTH, T_RANK, T_SUIT, T_VALUE, Declaration, Template
from scoring.rules.cards import CARRE, CARRE_ORDER
from scoring.rules.rendering import Announcement
from scoring.rules.words import ALL_TRUMP, OTHER, RANK_INDEX, TEAMS


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
            suit = template[T_SUIT]
            key = template[T_KEY] + 1 if suit == trump or (all_trump and suit is not None) else template[T_KEY]
            if key > best_a:
                best_a = key
        for template in own_b:
            suit = template[T_SUIT]
            key = template[T_KEY] + 1 if suit == trump or (all_trump and suit is not None) else template[T_KEY]
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
        return sum(template[T_VALUE] for template in own_a), 0
    return 0, sum(template[T_VALUE] for template in own_b)


def quick_counted_belot(own_a: list[Template], own_b: list[Template], capot: str | None) -> tuple[int, int]:
    """counted_belot on templates: runs and carrés compared separately."""
    points = [0, 0]
    for is_carre in (False, True):
        best: list[tuple[int, ...] | None] = [None, None]
        for side, own in enumerate((own_a, own_b)):
            for template in own:
                if (template[0] == CARRE) is is_carre:
                    rank = template[T_RANK]
                    key = (CARRE_ORDER[rank],) if is_carre else (template[T_LENGTH], RANK_INDEX[rank])
                    current = best[side]
                    if current is None or key > current:
                        best[side] = key
        a, b = best
        if a is None and b is None:
            continue
        if a is not None and b is not None and a == b:
            continue  # an exact tie between runs cancels every run
        side = 0 if b is None or (a is not None and a > b) else 1
        points[side] += sum(t[T_VALUE] for t in (own_a, own_b)[side] if (t[0] == CARRE) is is_carre)
    if capot == "A":
        points[1] = 0  # a team that won no trick scores none
    elif capot == "B":
        points[0] = 0
    return points[0], points[1]
