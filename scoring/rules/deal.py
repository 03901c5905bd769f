"""Scoring one valid deal under a rule set (spec §4.1–4.5). Held points across deals live in game.py."""

from __future__ import annotations

from collections.abc import Callable

from scoring.rules.cards import BELOTE
from scoring.rules.presets import Family
from scoring.rules.ruleset import RuleSet
from scoring.rules.validation import ParsedDeal
from scoring.rules.words import ALL_TRUMP, HANGING, INSIDE, LITIGE, MADE, NO_TRUMP, PASSED, SUIT

# What one deal writes now, and what it holds back: (outcome, points written for A, for B, new held amounts as
# (team they are taken from, points), the team that collects all earlier held points or None). A plain tuple:
# this is the hot path of scoring, and a NamedTuple costs ten times as much to build.
DealScore = tuple[str, int, int, tuple[tuple[str, int], ...], str | None]


def round_french(points: int, rounding: str) -> int:
    """French rounding of one team's score to tens: 5 up (85 → 90) or 6 up (85 → 80, 86 → 90)."""
    if rounding == "nearest_ten_5_up":
        return (points + 5) // 10 * 10
    if rounding == "nearest_ten_6_up":
        return (points + 4) // 10 * 10
    return points


def round_belot(points: int, kind: str, more: bool) -> int:
    """Belot points ÷ 10 (spec §4.5). Suit: 0–5 down, 7–9 up, 6 up for the side with fewer points, down
    for the side with more. All-trumps: 0–3 down, 5–9 up, 4 the same way. No-trumps (even): 6, 8 up."""
    tens, digit = divmod(points, 10)
    if kind == SUIT:
        up = digit >= 7 or (digit == 6 and not more)
    elif kind == ALL_TRUMP:
        up = digit >= 5 or (digit == 4 and not more)
    else:
        up = digit >= 5
    return tens + up


def deal_value(rs: RuleSet) -> int:
    """The game points one whole deal of a suit contract is worth under `rs`, announcements left out, as the
    sheet writes it: the trick total (162 with the usual card values) in the French families, rounded as the
    rule set rounds; in belot written in tens (16). What a misdeal or a revoke gives the opponents."""
    total = (
        rs.contract_info[SUIT].deal_total
        if SUIT in rs.contract_info
        else max(info.deal_total for info in rs.contract_info.values())
    )
    if rs.family is Family.BELOT:
        return round_belot(total, SUIT, more=True)
    return round_french(total, rs.rounding)


def score_deal(rs: RuleSet, deal: ParsedDeal) -> DealScore:
    """Score a validated played deal. Dispatches on the rule set's family."""
    return _SCORERS[rs.family](rs, deal)


def scorer_of(rs: RuleSet) -> Callable[[RuleSet, ParsedDeal], DealScore]:
    """The scoring function of the rule set's family, `(rs, deal) -> DealScore`, to call once per deal."""
    return _SCORERS[rs.family]


def _pair(taker: str, t: int, d: int) -> tuple[int, int]:
    return (t, d) if taker == "A" else (d, t)


def _sides(deal: ParsedDeal) -> tuple[str, int, int, int, int, int, int]:
    """The defenders, then the taker's tricks, announcements and belote points, then the defenders' three."""
    # Once per deal: one unpacking and a plain tuple, no attribute reads (see docs/performance.md).
    taker, _, _, _, _, _, tricks_a, tricks_b, _, belote_a, belote_b, ann_a, ann_b = deal
    if taker == "A":
        return "B", tricks_a, ann_a, belote_a * BELOTE, tricks_b, ann_b, belote_b * BELOTE
    return "A", tricks_b, ann_b, belote_b * BELOTE, tricks_a, ann_a, belote_a * BELOTE


def _score_take(rs: RuleSet, deal: ParsedDeal) -> DealScore:
    """hoheluft, dertele, classic: made, inside (dedans) or litige."""
    # The fields unpacked at once: attribute reads were a fair share of a deal's time.
    taker, _, info, _, _, _, _, _, capot, _, _, _, _ = deal
    defenders, tricks_t, ann_t, bel_t, tricks_d, ann_d, bel_d = _sides(deal)
    total_t = tricks_t + ann_t + bel_t
    total_d = tricks_d + ann_d + bel_d
    rounding = rs.rounding
    if total_t == total_d:
        # Spec §4: equal totals are a tie whatever make_rule says: held with litige, else the contract fails.
        if rs.litige:
            # The defenders write their total, the taker its belote; its tricks + announcements are held.
            held = round_french(tricks_t + ann_t, rounding)
            t, d = round_french(bel_t, rounding), round_french(total_d, rounding)
            return (LITIGE, *_pair(taker, t, d), ((taker, held),) if held else (), None)
    else:
        rule = rs.make_rule
        assert rule is not None and (rule == "majority" or not isinstance(rule, str))  # "majority" or points
        if total_t > total_d if isinstance(rule, str) else total_t >= rule:
            if rounding != "none":
                total_t, total_d = round_french(total_t, rounding), round_french(total_d, rounding)
            return (MADE, total_t, total_d, (), taker) if taker == "A" else (MADE, total_d, total_t, (), taker)
    base = info.capot_tricks if capot == defenders else info.deal_total
    t, d = round_french(bel_t, rounding), round_french(base + ann_t + ann_d + bel_d, rounding)
    return (INSIDE, *_pair(taker, t, d), (), defenders)


def _score_coinche(rs: RuleSet, deal: ParsedDeal) -> DealScore:
    """coinche: made iff T ≥ bid (and T > D), a capot bid iff capot; multipliers 2 and 4."""
    taker, _, _, bid, capot_bid, multiplier, _, _, capot, _, _, _, _ = deal
    # A coinche deal has a bid, and a coinche rule set these settings.
    assert bid is not None and rs.failed_base is not None and rs.surcoinche_factor is not None
    defenders, tricks_t, ann_t, bel_t, tricks_d, ann_d, bel_d = _sides(deal)
    total_t = tricks_t + ann_t + bel_t
    total_d = tricks_d + ann_d + bel_d
    # A capot bid is made by the capot alone; any other bid by its points.
    made = (
        (capot == taker)
        if capot_bid
        else (total_t >= bid and (rs.coinche_make_rule == "bid_only" or total_t > total_d))
    )
    if multiplier == 1:
        if made:
            t, d = total_t + bid, total_d
        else:
            t, d = bel_t, rs.failed_base + bid + ann_t + ann_d + bel_d
    else:
        factor = 2 if multiplier == 2 else rs.surcoinche_factor
        pot = (rs.failed_base + bid + ann_t + ann_d) * factor
        t, d = (pot + bel_t, bel_d) if made else (bel_t, pot + bel_d)
    if rs.rounding != "none":
        t, d = round_french(t, rs.rounding), round_french(d, rs.rounding)
    if taker != "A":
        t, d = d, t
    return (MADE, t, d, (), taker) if made else (INSIDE, t, d, (), defenders)


def _score_belot(rs: RuleSet, deal: ParsedDeal) -> DealScore:
    """belot: raw totals compared, written in tens; hanging holds the declarer's share."""
    taker, _, info, _, _, multiplier, _, _, capot, _, _, _, _ = deal
    assert rs.capot_bonus is not None  # every belot rule set has one
    defenders, tricks_t, ann_t, bel_t, tricks_d, ann_d, bel_d = _sides(deal)
    kind = info.kind
    factor = 2 if kind == NO_TRUMP else 1
    raw_t = tricks_t * factor + ann_t + bel_t + (rs.capot_bonus if capot == taker else 0)
    raw_d = tricks_d * factor + ann_d + bel_d + (rs.capot_bonus if capot == defenders else 0)
    tie = raw_t == raw_d
    if tie and rs.litige:
        if multiplier == 1:
            held = round_belot(raw_t, kind, more=False)
            d = round_belot(raw_d, kind, more=True)
            return (HANGING, *_pair(taker, 0, d), ((taker, held),) if held else (), None)
        half = round_belot(raw_t + raw_d, kind, more=True) * multiplier // 2
        return (HANGING, 0, 0, (("A", half), ("B", half)) if half else (), None)
    made = raw_t > raw_d  # a tie without litige fails the contract
    if multiplier == 1 and made:
        t, d = round_belot(raw_t, kind, more=True), round_belot(raw_d, kind, more=False)
    else:
        whole = round_belot(raw_t + raw_d, kind, more=True) * multiplier
        t, d = (whole, 0) if made else (0, whole)
    return (MADE if made else INSIDE, *_pair(taker, t, d), (), taker if made else defenders)


_SCORERS = {Family.TAKE: _score_take, Family.COINCHE: _score_coinche, Family.BELOT: _score_belot}

__all__ = [
    "HANGING",
    "INSIDE",
    "LITIGE",
    "MADE",
    "PASSED",
    "DealScore",
    "deal_value",
    "round_belot",
    "round_french",
    "score_deal",
    "scorer_of",
]
