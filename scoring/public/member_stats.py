"""PURE: a member's history added up from their games and deals (no Django).

The edge (`scoring.public.member_history`) loads the member's games, each seen from the member's own side,
in a fixed number of queries and hands them here as plain `GameFact`s; this module adds them up into the
figures of the member's page: per evening, per deal (as taker and as defender), and against one opponent.

Words of the rules (rules.md §4, §6): a deal's `outcome` is made, inside (*dedans*), litige (French tie:
the taker's points are held), hanging (belot tie) or passed. "Us" is always the member's side.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.rules.words import HANGING, INSIDE, LITIGE, MADE, PASSED

TIED = (LITIGE, HANGING)


@dataclass(frozen=True)
class DealFact:
    """One played or passed deal from the member's side: who took (`us`, `them` or None when passed), its
    `outcome`, the points it added for us and them, the belotes each side announced, who made a capot."""

    taker: str | None
    outcome: str
    ours: int
    theirs: int
    belotes_ours: int = 0
    belotes_theirs: int = 0
    capot: str | None = None  # "us", "them" or None


@dataclass(frozen=True)
class GameFact:
    """One game of the member: its evening, round, the partners and opponents (player ids), whether its
    sheet counts, the game totals and result from our side (`result`: win, loss, draw; None for a bye or a
    game not counted yet), and the deals (empty when the sheets are not to be counted)."""

    event_id: int
    round_number: int
    partners: tuple[int, ...]
    opponents: tuple[int, ...]
    counted: bool
    ours: int = 0
    theirs: int = 0
    result: str | None = None
    is_bye: bool = False
    deals: tuple[DealFact, ...] = ()


@dataclass
class DealFigures:
    """The deal figures: how many deals we took and defended, our average points per deal in each role,
    the made / inside / tied rates of our contracts (shares of the deals we took, 0 to 1, None without
    any), the belotes and capots of each side."""

    deals: int = 0
    taken: int = 0
    defended: int = 0
    passed: int = 0
    points_taking: float | None = None
    points_defending: float | None = None
    made_rate: float | None = None
    inside_rate: float | None = None
    tied_rate: float | None = None
    defence_rate: float | None = None  # the share of their contracts we put inside
    belotes: int = 0
    belotes_against: int = 0
    capots: int = 0
    capots_against: int = 0


@dataclass
class HeadToHead:
    """Against one opponent (on the other side of the table): the evenings and games met, our wins, losses
    and draws in the counted games, and the game points each way."""

    opponent_id: int
    evenings: int = 0
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    points_for: int = 0
    points_against: int = 0
    together: int = 0  # games played as partners


@dataclass
class EveningLine:
    """One evening: its games, wins, losses, draws and byes, the game points each way, the partners met
    (player ids, in order of first game together)."""

    event_id: int
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    partners: list[int] = field(default_factory=list)


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def deal_figures(games: list[GameFact]) -> DealFigures:
    """The deal figures over the deals of `games` (each counted game's `deals`)."""
    fig = DealFigures()
    taking = defending = made = inside = tied = put_inside = 0
    for game in games:
        if not game.counted:
            continue
        for deal in game.deals:
            fig.deals += 1
            fig.belotes += deal.belotes_ours
            fig.belotes_against += deal.belotes_theirs
            fig.capots += deal.capot == "us"
            fig.capots_against += deal.capot == "them"
            if deal.taker is None or deal.outcome == PASSED:
                fig.passed += 1
            elif deal.taker == "us":
                fig.taken += 1
                taking += deal.ours
                made += deal.outcome == MADE
                inside += deal.outcome == INSIDE
                tied += deal.outcome in TIED
            else:
                fig.defended += 1
                defending += deal.ours
                put_inside += deal.outcome == INSIDE
    fig.points_taking = _share(taking, fig.taken)
    fig.points_defending = _share(defending, fig.defended)
    fig.made_rate = _share(made, fig.taken)
    fig.inside_rate = _share(inside, fig.taken)
    fig.tied_rate = _share(tied, fig.taken)
    fig.defence_rate = _share(put_inside, fig.defended)
    return fig


def evenings(games: list[GameFact]) -> dict[int, EveningLine]:
    """{event id: EveningLine} of every evening with a game (or a bye) of the member."""
    lines: dict[int, EveningLine] = {}
    for game in sorted(games, key=lambda g: (g.event_id, g.round_number)):
        line = lines.setdefault(game.event_id, EveningLine(game.event_id))
        if game.is_bye:
            line.byes += 1
            continue
        line.games += 1
        for partner in game.partners:
            if partner not in line.partners:
                line.partners.append(partner)
        if game.counted:
            line.points_for += game.ours
            line.points_against += game.theirs
            line.wins += game.result == "win"
            line.losses += game.result == "loss"
            line.draws += game.result == "draw"
    return lines


def head_to_head(games: list[GameFact], opponent_id: int) -> HeadToHead:
    """The member against `opponent_id`: the games where the opponent sat on the other side (and, apart, the
    games they played as partners)."""
    h2h = HeadToHead(opponent_id)
    met: set[int] = set()
    for game in games:
        if game.is_bye:
            continue
        if opponent_id in game.partners:
            h2h.together += 1
        if opponent_id not in game.opponents:
            continue
        met.add(game.event_id)
        h2h.games += 1
        if game.counted:
            h2h.points_for += game.ours
            h2h.points_against += game.theirs
            h2h.wins += game.result == "win"
            h2h.losses += game.result == "loss"
            h2h.draws += game.result == "draw"
    h2h.evenings = len(met)
    return h2h


def opponents_met(games: list[GameFact]) -> set[int]:
    """Every player id the member met across the table."""
    return {pid for game in games if not game.is_bye for pid in game.opponents}
