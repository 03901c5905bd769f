"""What the standings/results exporters read: one event's entries, snapshots, games, sheets, deals and
adjustments, loaded in a fixed number of queries (never one per row)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import ngettext

from scoring.models import Adjustment, Deal, Sheet
from scoring.rules.words import TEAMS
from scoring.standings import metrics
from tournaments.models import Entry, Event, Game, Round, Standing


@dataclass
class EventResults:
    event: Event
    entries: dict[int, Entry]
    rounds: list[Round]
    standings: dict[int, list[Standing]]  # round number → rows by rank
    games: dict[int, list[Game]]  # round number → games (tables first, then byes)
    sheets: dict[int, Sheet]  # game id → sheet
    deals: dict[int, list[Deal]] = field(default_factory=dict)  # sheet id → deals by position
    adjustments: list[Adjustment] = field(default_factory=list)

    @property
    def final_round(self) -> int | None:
        return max(self.standings, default=None)

    @property
    def precedence(self) -> list[str]:
        return metrics.effective_precedence(self.event.ranking_precedence)

    def side(self, game: Game, side: str) -> list[Entry]:
        ids = (game.entry_a_id, game.entry_a_partner_id) if side == "A" else (game.entry_b_id, game.entry_b_partner_id)
        return [self.entries[i] for i in ids if i in self.entries]

    def side_label(self, game: Game, side: str) -> str:
        return " · ".join(e.display_name for e in self.side(game, side))

    def side_numbers(self, game: Game, side: str) -> str:
        return "+".join(str(e.number) for e in self.side(game, side))

    def counted(self, game: Game) -> Sheet | None:
        sheet = self.sheets.get(game.pk)
        return sheet if sheet is not None and sheet.status in Sheet.COUNTED_STATUSES else None

    def winner(self, game: Game) -> str:
        sheet = self.counted(game)
        if game.is_bye:
            return "A"
        if sheet is None:
            return ""
        if sheet.winner in TEAMS and not sheet.unfinished_rule:
            return sheet.winner
        total_a, total_b = sheet.counted_totals
        return "A" if total_a > total_b else "B" if total_b > total_a else "draw"


def ruling_note(sheet: Sheet | None) -> str:
    """An unfinished game's ruling at the close, beside its counted score: the rule and what was played
    ("Pro-rate to the full game length: 3 deals played, 300 : 186"); "" for a game ruled by no rule."""
    if sheet is None or not sheet.unfinished_rule:
        return ""
    rule = dict(Event.UnfinishedRule.choices).get(sheet.unfinished_rule, sheet.unfinished_rule)
    return ngettext(
        "%(rule)s: %(count)s deal played, %(a)s : %(b)s",
        "%(rule)s: %(count)s deals played, %(a)s : %(b)s",
        sheet.deal_count,
    ) % {"rule": rule, "count": sheet.deal_count, "a": sheet.total_a, "b": sheet.total_b}


def load_results(event_id: int, *, with_deals: bool = False) -> EventResults:
    """Everything the CSV/XLSX/PDF exporters need, in at most 7 queries."""
    event = Event.objects.select_related("club", "season").get(pk=event_id)
    entries = {e.pk: e for e in Entry.objects.filter(event=event).select_related("player_1", "player_2")}
    rounds = list(Round.objects.filter(event=event, status__in=Round.PUBLIC_STATUSES).order_by("number"))
    standings: dict[int, list[Standing]] = defaultdict(list)
    for row in Standing.objects.filter(event=event).order_by("round_number", "rank", "entry__number"):
        row.entry = entries[row.entry_id]  # every snapshot row is of this event's entries
        standings[row.round_number].append(row)
    games: dict[int, list[Game]] = defaultdict(list)
    numbers = {r.pk: r.number for r in rounds}
    for game in Game.objects.filter(round__in=rounds).order_by("round__number", "is_bye", "table_number", "pk"):
        games[numbers[game.round_id]].append(game)
    sheets = {s.game_id: s for s in Sheet.objects.filter(game__round__in=rounds)}
    deals: dict[int, list[Deal]] = defaultdict(list)
    if with_deals:
        counted = [s.pk for s in sheets.values() if s.status in Sheet.COUNTED_STATUSES]
        for deal in Deal.objects.filter(sheet_id__in=counted).order_by("sheet_id", "position"):
            deals[deal.sheet_id].append(deal)
    adjustments = list(
        Adjustment.objects.filter(event=event).select_related("withdrawn_by").order_by("created_at", "pk")
    )
    for adjustment in adjustments:
        adjustment.entry = entries[adjustment.entry_id]
        if adjustment.penalised_entry_id:
            adjustment.penalised_entry = entries[adjustment.penalised_entry_id]
    return EventResults(
        event=event,
        entries=entries,
        rounds=rounds,
        standings=dict(standings),
        games=dict(games),
        sheets=sheets,
        deals=dict(deals),
        adjustments=adjustments,
    )
