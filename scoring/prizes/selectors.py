"""Reads for the prize pages: the list (lots, categories) and the prize-giving board, in a fixed number of
queries whatever the number of teams and lots (settings, categories with their ticked teams, lots with their
steps, the final standings with the players, and one query for the newcomers' rule when it is used).

The board is `scoring.prizes.order.giving_plan` over the event's final standings (the snapshot of the last
round that has one) with each turn's step recorded, the lots left in each pool, and the next turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

from scoring.prizes import order
from scoring.standings import metrics
from tournaments.models import Entry, Event, Prize, PrizeAward, PrizeCategory, PrizeSettings, Standing


def prize_settings(event: Event) -> PrizeSettings:
    """The event's prize settings, or unsaved defaults (saved by the first service that changes them)."""
    found = PrizeSettings.objects.filter(event=event).first()
    return found or PrizeSettings(event=event)


@dataclass
class PrizeList:
    settings: PrizeSettings
    categories: list[PrizeCategory]
    prizes: list[Prize]  # every lot in order; `prize.award` is read from `taken`
    taken: dict[int, PrizeAward]  # prize id → its step
    started: bool  # a step is recorded: the list is frozen

    def pool(self, category_id: int | None) -> list[Prize]:
        return [p for p in self.prizes if p.category_id == category_id]

    def overall(self) -> list[Prize]:
        return self.pool(None)


def prize_list(event: Event) -> PrizeList:
    """The lots and categories (with their ticked teams prefetched), in four queries."""
    settings = prize_settings(event)
    categories = list(PrizeCategory.objects.filter(event=event).prefetch_related("entries"))
    prizes = list(Prize.objects.filter(event=event).order_by("position", "pk"))
    awards = list(PrizeAward.objects.filter(event=event).order_by("step"))
    taken = {a.prize_id: a for a in awards if a.prize_id is not None}
    return PrizeList(settings=settings, categories=categories, prizes=prizes, taken=taken, started=bool(awards))


@dataclass
class TurnRow:
    turn: order.Turn
    standing: Standing
    category: PrizeCategory | None
    award: PrizeAward | None


@dataclass
class TieRow:
    standing: Standing
    decided_by: str | None  # a metric key, None: equal on every criterion
    decided_by_name: str
    winner_value: object
    own_value: object


@dataclass
class Board:
    event: Event
    lots: PrizeList
    precedence: list[str]
    standings: list[Standing]  # the final standings, in order
    rows: list[TurnRow]
    absent: list[PrizeAward]
    awards: list[PrizeAward]  # every step, in turn order
    last_winner: Standing | None
    ties: list[TieRow]
    remaining: dict[int | None, list[Prize]] = field(default_factory=dict)  # pool → lots not taken

    @property
    def current(self) -> TurnRow | None:
        """The next team to choose: the first turn without a step."""
        return next((row for row in self.rows if row.award is None), None)

    @property
    def last_step(self) -> PrizeAward | None:
        return self.awards[-1] if self.awards else None

    @property
    def finished(self) -> bool:
        return bool(self.rows) and self.current is None

    def remaining_for(self, row: TurnRow | None) -> list[Prize]:
        return self.remaining.get(row.turn.category_id, []) if row else []


def final_standings(event: Event) -> list[Standing]:
    """The snapshot of the last round that has one, by rank then start number, with the players."""
    last_round = (
        Standing.objects.filter(event=event).order_by("-round_number").values_list("round_number", flat=True).first()
    )
    if last_round is None:
        return []
    return list(
        Standing.objects.filter(event=event, round_number=last_round)
        .select_related("entry__player_1", "entry__player_2")
        .order_by("rank", "entry__number")
    )


def _newcomers(event: Event, entries: list[Entry]) -> set[int]:
    """Entries whose players have no entry at an earlier event of the club (one query)."""
    players = {p for e in entries for p in (e.player_1_id, e.player_2_id) if p}
    earlier = Entry.objects.filter(event__club_id=event.club_id, event__date__lt=event.date).filter(
        Q(player_1_id__in=players) | Q(player_2_id__in=players)
    )
    veterans = {p for pair in earlier.values_list("player_1_id", "player_2_id") for p in pair if p}
    return {e.pk for e in entries if not ({e.player_1_id, e.player_2_id} - {None}) & veterans}


def category_eligible(event: Event, category: PrizeCategory, entries: list[Entry], cache: dict) -> set[int]:
    """The entry ids that may win `category`: ticked, guests only, or first event at the club."""
    if category.rule == PrizeCategory.Rule.GUESTS:
        return {e.pk for e in entries if e.player_1.is_guest and (e.player_2 is None or e.player_2.is_guest)}
    if category.rule == PrizeCategory.Rule.NEWCOMERS:
        if "newcomers" not in cache:
            cache["newcomers"] = _newcomers(event, entries)
        return set(cache["newcomers"])
    return {e.pk for e in category.entries.all()}


def _value(value: object) -> object:
    return metrics.json_value(value) if isinstance(value, int | float) else value


def prize_board(event: Event) -> Board:
    """The prize-giving: turns in calling order with their steps, lots left per pool, the tie at the cut."""
    lots = prize_list(event)
    standings = final_standings(event)
    awards = list(PrizeAward.objects.filter(event=event).select_related("entry", "prize").order_by("step"))
    precedence = metrics.effective_precedence(event.ranking_precedence)
    entries = [s.entry for s in standings]
    cache: dict = {}
    pools = [
        order.Pool(c.pk, len(lots.pool(c.pk)), frozenset(category_eligible(event, c, entries, cache)))
        for c in lots.categories
    ]
    absent = frozenset(a.entry_id for a in awards if a.prize_id is None)
    ranking = [order.Ranked(s.entry_id, s.rank, s.metrics or {}) for s in standings]
    plan = order.giving_plan(
        ranking,
        overall=order.Pool(None, len(lots.overall())),
        categories=pools,
        categories_first=lots.settings.order == PrizeSettings.Order.CATEGORIES_FIRST,
        precedence=precedence,
        absent=absent,
    )
    by_entry = {s.entry_id: s for s in standings}
    award_of = {a.entry_id: a for a in awards}
    categories = {c.pk: c for c in lots.categories}
    rows = [
        TurnRow(t, by_entry[t.entry_id], categories.get(t.category_id or 0), award_of.get(t.entry_id))
        for t in plan.turns
    ]
    ties = [
        TieRow(
            standing=by_entry[t.entry_id],
            decided_by=t.decided_by,
            decided_by_name=str(metrics.METRICS[t.decided_by].name) if t.decided_by else "",
            winner_value=_value(t.winner_value),
            own_value=_value(t.own_value),
        )
        for t in plan.tied_out
    ]
    remaining: dict[int | None, list[Prize]] = {None: [p for p in lots.overall() if p.pk not in lots.taken]}
    for c in lots.categories:
        remaining[c.pk] = [p for p in lots.pool(c.pk) if p.pk not in lots.taken]
    return Board(
        event=event,
        lots=lots,
        precedence=precedence,
        standings=standings,
        rows=rows,
        absent=[a for a in awards if a.prize_id is None],
        awards=awards,
        last_winner=by_entry.get(plan.last_winner) if plan.last_winner else None,
        ties=ties,
        remaining=remaining,
    )
